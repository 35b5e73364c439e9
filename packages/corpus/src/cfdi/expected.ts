import { ddmmyyyy, type Invoice } from './model.js';

/**
 * The parsed_data an invoice holds, in the vocabulary's forms: dates DD/MM/YYYY, the UUID
 * uppercase, the folio as Serie-Folio, the pedimento in its 21-character form, the customs
 * office by name when the vehicle complement names it (else its two-digit code).
 */
export function invoiceFields(inv: Invoice, opts: { folio?: boolean } = {}): Record<string, unknown> {
  const date = ddmmyyyy(inv.fecha);
  const fields: Record<string, unknown> = {
    rfc_emisor: inv.emisor.rfc,
    nombre_emisor: inv.emisor.nombre,
    rfc_receptor: inv.receptor.rfc,
    nombre_receptor: inv.receptor.nombre,
    monto_total: inv.total,
    fecha_emision: date,
    fecha_documento: date,
    folio_fiscal: inv.timbre.uuid.toUpperCase(),
  };
  if (opts.folio !== false) fields.folio = `${inv.serie}-${inv.folio}`;
  const v = inv.vehicle;
  if (v) Object.assign(fields, { vin: v.vin, numero_motor: v.motor, marca: v.marca, modelo: v.modelo, anio_modelo: v.anio });
  if (inv.pedimento && v) {
    const inComplement = inv.conceptos.some((c) => c.ventaVehiculos?.aduana);
    fields.pedimento = inv.pedimento.formatted;
    fields.aduana = inComplement ? inv.pedimento.aduana.name : inv.pedimento.aduana.code;
    fields.ano_vehiculo = v.anio;
  }
  return fields;
}
