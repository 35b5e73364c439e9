import type { Step, Templates } from './rules.js';

/** A fiscal address as SAT's `UbicacionFiscal` template renders it (CFDI 3.2's issuer, the terceros complement). */
export const UBICACION_FISCAL: Step[] = [
  'calle',
  '?noExterior',
  '?noInterior',
  '?colonia',
  '?localidad',
  '?referencia',
  'municipio',
  'estado',
  'pais',
  'codigoPostal',
];

/** The comprobante's parts after its attributes and related CFDIs, in every version's order. */
export const COMPROBANTE_PARTS = [
  { each: 'Emisor' },
  { each: 'Receptor' },
  { each: 'Conceptos' },
  { each: 'Impuestos' },
  { each: 'Complemento' },
] as const;

/** The templates CFDI 3.3 and 4.0 share (cadenaoriginal_3_3.xslt and cadenaoriginal_4_0.xslt). */
export const CFDI_COMMON: Templates = {
  CfdiRelacionados: ['TipoRelacion', { each: 'CfdiRelacionado', do: ['UUID'] }],
  Conceptos: [{ each: 'Concepto' }],
  InformacionAduanera: ['NumeroPedimento'],
  CuentaPredial: ['Numero'],
  ComplementoConcepto: [{ each: '*' }],
  Parte: [
    'ClaveProdServ',
    '?NoIdentificacion',
    'Cantidad',
    '?Unidad',
    'Descripcion',
    '?ValorUnitario',
    '?Importe',
    { each: '//InformacionAduanera' },
  ],
  Complemento: [{ each: '*' }],
};

/** A concept's own taxes, rendered inline by its template (3.3 and 4.0 alike). */
export const CONCEPT_TAXES = [
  { each: 'Impuestos/Traslados/Traslado', do: ['Base', 'Impuesto', 'TipoFactor', '?TasaOCuota', '?Importe'] },
  { each: 'Impuestos/Retenciones/Retencion', do: ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'] },
] as const;
