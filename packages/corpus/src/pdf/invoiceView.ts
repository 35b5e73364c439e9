import { comprobanteXml } from '../cfdi/xml.js';
import { FORMA_PAGO, REGIMEN, satQrUrl, tfdCadena, TIPO_RELACION, USO_CFDI } from '../cfdi/sat.js';
import { pesos, type Concept, type Invoice } from '../cfdi/model.js';

/** What every printed CFDI shows, as text (the layouts only place it). */
export interface InvoiceView {
  qr: string;
  cadenaTfd: string;
  fecha: string;
  fechaTimbrado: string;
  efecto: string;
  formaPago: string;
  metodoPago: string;
  usoCfdi: string;
  regimenEmisor: string;
  regimenReceptor: string;
  related?: { tipo: string; uuid: string };
  /** Lines printed under a concept: the vehicle complement, customs entries. */
  conceptNotes: (c: Concept) => string[];
  /** The used-vehicle complement's block, when the invoice carries it. */
  usadoLines?: [string, string][];
  subtotal: string;
  iva: string;
  total: string;
  xmlHead: string;
}

const code = (value: string, names: Record<string, string>) => `${value} - ${names[value] ?? ''}`.trim();

export function invoiceView(inv: Invoice): InvoiceView {
  const v = inv.vehicle;
  return {
    qr: satQrUrl(inv),
    cadenaTfd: tfdCadena(inv),
    fecha: inv.fecha,
    fechaTimbrado: inv.timbre.fechaTimbrado,
    efecto: 'I - Ingreso',
    formaPago: code(inv.formaPago, FORMA_PAGO),
    metodoPago: inv.metodoPago === 'PUE' ? 'PUE - Pago en una sola exhibición' : 'PPD - Pago en parcialidades o diferido',
    usoCfdi: code(inv.receptor.usoCfdi ?? 'G03', USO_CFDI),
    regimenEmisor: code(inv.emisor.regimen, REGIMEN),
    regimenReceptor: code(inv.receptor.regimen, REGIMEN),
    related: inv.relacionados ? { tipo: code(inv.relacionados.tipo, TIPO_RELACION), uuid: inv.relacionados.uuids[0] } : undefined,
    conceptNotes: (c) => {
      const notes: string[] = [];
      const vv = c.ventaVehiculos;
      if (vv) notes.push(`Complemento Venta de Vehículos — Clave vehicular: ${vv.claveVehicular}  NIV: ${vv.niv}`);
      if (vv?.aduana) notes.push(`Pedimento: ${vv.aduana.numero}  Fecha: ${vv.aduana.fecha}  Aduana: ${vv.aduana.aduana}`);
      if (c.pedimento) notes.push(`Número de pedimento: ${c.pedimento}`);
      return notes;
    },
    usadoLines:
      inv.usadoComplement && v
        ? [
            ['Marca:', v.marca],
            ['Tipo:', v.modelo],
            ['Modelo:', String(v.anio)],
            ['Número de motor:', v.motor],
            ['Número de serie:', v.vin],
            ['Clave vehicular:', v.claveVehicular],
          ]
        : undefined,
    subtotal: pesos(inv.subtotal),
    iva: pesos(inv.iva),
    total: pesos(inv.total),
    xmlHead: comprobanteXml({ ...inv, pretty: false }).slice(0, 520),
  };
}
