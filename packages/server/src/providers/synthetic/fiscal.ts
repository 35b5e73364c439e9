import { createHash } from 'node:crypto';
import { ddmmyyyy, seeded } from './seed.js';

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** The key when it is a folio fiscal; else (an RFC pair) a UUID derived from it, as SAT has one. */
function folioOf(key: string): string {
  if (UUID.test(key)) return key.toUpperCase();
  const h = createHash('sha256').update(`folio:${key}`).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** SAT CFDI status: most invoices are `Vigente`, some cancelled, a few unknown to SAT. */
export function syntheticSatCfdi(folio: string, input: unknown): Record<string, unknown> {
  const r = seeded('sat_cfdi', folio);
  if (r.chance(0.1)) return { not_found: true };
  const i = (input ?? {}) as Record<string, unknown>;
  const cancelled = r.chance(0.1);
  return {
    result: {
      estadoCFDI: cancelled ? 'Cancelado' : 'Vigente',
      folioFiscal: folioOf(folio),
      rfcEmisor: i.rfc_emisor ?? null,
      nombreEmisor: i.nombre_emisor ?? null,
      rfcReceptor: i.rfc_receptor ?? null,
      nombreReceptor: i.nombre_receptor ?? null,
      totalCfdi: i.monto_total ?? null,
      fechaEmision: i.fecha_emision ?? null,
      estatusCancelacion: cancelled ? 'Cancelado sin aceptación' : null,
      efectoComprobante: 'Ingreso',
    },
  };
}

export function syntheticSatPedimento(pedimento: string): Record<string, unknown> {
  if (!pedimento) return { national: true };
  const r = seeded('sat_pedimento', pedimento);
  return {
    result: {
      vehiculo_importado: [{ pedimento, fecha: ddmmyyyy(r.int(1, 28), r.int(1, 12), r.int(2015, 2025)), pais_origen: r.pick(['ESTADOS UNIDOS', 'JAPON', 'ALEMANIA']) }],
      situacion_pedimentos: [{ pedimento, situacion: 'DESADUANADO' }],
    },
  };
}
