import { isUuid } from '@vcase/shared';
import { efectoComprobante } from '../satCfdi.js';
import { ddmmyyyy, seeded } from './seed.js';

/**
 * SAT CFDI status: most invoices are `Vigente`, some cancelled, a few unknown to SAT. The rest
 * is the invoice's own: its folio fiscal when the key is one (an RFC-pair key, an invoice
 * without a UUID, names none rather than an invented one), its parties, total and date, and
 * the effect of its `TipoDeComprobante`.
 */
export function syntheticSatCfdi(key: string, input: unknown): Record<string, unknown> {
  const r = seeded('sat_cfdi', key);
  if (r.chance(0.1)) return { not_found: true };
  const i = (input ?? {}) as Record<string, unknown>;
  const cancelled = r.chance(0.1);
  return {
    result: {
      estadoCFDI: cancelled ? 'Cancelado' : 'Vigente',
      folioFiscal: isUuid(key) ? key.toUpperCase() : null,
      rfcEmisor: i.rfc_emisor ?? null,
      nombreEmisor: i.nombre_emisor ?? null,
      rfcReceptor: i.rfc_receptor ?? null,
      nombreReceptor: i.nombre_receptor ?? null,
      totalCfdi: i.monto_total ?? null,
      fechaEmision: i.fecha_emision ?? null,
      estatusCancelacion: cancelled ? 'Cancelado sin aceptación' : null,
      efectoComprobante: efectoComprobante(i.tipo_comprobante),
    },
  };
}

export function syntheticSatPedimento(pedimento: string): Record<string, unknown> {
  if (!pedimento) return { national: true };
  const r = seeded('sat_pedimento', pedimento);
  return {
    result: {
      vehiculo_importado: [
        {
          pedimento,
          fecha: ddmmyyyy(r.int(1, 28), r.int(1, 12), r.int(2015, 2025)),
          pais_origen: r.pick(['ESTADOS UNIDOS', 'JAPON', 'ALEMANIA']),
        },
      ],
      situacion_pedimentos: [{ pedimento, situacion: 'DESADUANADO' }],
    },
  };
}
