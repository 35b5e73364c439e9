import type { Pedimento } from '../ids/pedimento.js';
import type { Vehicle } from '../data/vehicles.js';

/** The invoices the corpus writes, by what they sell and how they describe it. */
export const INVOICE_KINDS = [
  /** New car, `ventavehiculos` complement (ClaveVehicular, Niv). */
  'nuevo_complemento',
  /** New car named only in the concept's description. */
  'nuevo_descripcion',
  /** Used car, description only. */
  'usado',
  /** Used car with the `vehiculousado` complement. */
  'usado_complemento',
  /** Imported car: `ventavehiculos` with InformacionAduanera (number, date, customs office). */
  'importado_complemento',
  /** Imported car: the concept's own InformacionAduanera (NumeroPedimento). */
  'importado_concepto',
  /** New car invoice that names related CFDIs (CfdiRelacionados). */
  'relacionado',
  /** Services: no vehicle at all. */
  'servicio',
] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export interface InvoiceParty {
  rfc: string;
  nombre: string;
  regimen: string;
  cp: string;
  persona: 'fisica' | 'moral';
  address?: string;
  usoCfdi?: string;
}

export interface Concept {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: number;
  claveUnidad: string;
  unidad: string;
  descripcion: string;
  valorUnitario: number;
  importe: number;
  iva: number;
  ventaVehiculos?: { claveVehicular: string; niv: string; aduana?: { numero: string; fecha: string; aduana: string } };
  /** 21-character pedimento on the concept's own InformacionAduanera. */
  pedimento?: string;
}

export interface Timbre {
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  noCertificadoSAT: string;
  selloSAT: string;
}

export interface Invoice {
  kind: InvoiceKind;
  version: '3.3' | '4.0';
  encoding: 'UTF-8' | 'ISO-8859-1';
  bom: boolean;
  /** One element per line (else the whole comprobante on one line, as many PACs return it). */
  pretty: boolean;
  serie: string;
  folio: string;
  /** ISO local date-time, as the `Fecha` attribute. */
  fecha: string;
  formaPago: string;
  metodoPago: 'PUE' | 'PPD';
  lugarExpedicion: string;
  emisor: InvoiceParty;
  receptor: InvoiceParty;
  conceptos: Concept[];
  subtotal: number;
  iva: number;
  total: number;
  relacionados?: { tipo: string; uuids: string[] };
  noCertificado: string;
  certificado: string;
  sello: string;
  timbre: Timbre;
  vehicle?: Vehicle;
  pedimento?: Pedimento & { fecha: string };
  /** The `vehiculousado` complement describes the vehicle. */
  usadoComplement: boolean;
}

/** Two decimals, as CFDI amounts are written. */
export const money = (n: number) => n.toFixed(2);
/** `$406,000.00`, as printed invoices write amounts. */
export const pesos = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** `12/03/2024` of an ISO date-time. */
export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
