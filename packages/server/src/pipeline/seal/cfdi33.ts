import { CFDI_COMMON, COMPROBANTE_PARTS, CONCEPT_TAXES } from './cfdiCommon.js';
import type { Vocabulary } from './rules.js';

/**
 * CFDI 3.3 (SAT's cadenaoriginal_3_3.xslt, Anexo 20). `Sello` and `Certificado` are not in
 * it (the seal cannot sign itself); `NoCertificado` is.
 */
export const CFDI33: Vocabulary = {
  ns: 'http://www.sat.gob.mx/cfd/3',
  templates: {
    ...CFDI_COMMON,
    Comprobante: [
      'Version',
      '?Serie',
      '?Folio',
      'Fecha',
      '?FormaPago',
      'NoCertificado',
      '?CondicionesDePago',
      'SubTotal',
      '?Descuento',
      'Moneda',
      '?TipoCambio',
      'Total',
      'TipoDeComprobante',
      '?MetodoPago',
      'LugarExpedicion',
      '?Confirmacion',
      { each: 'CfdiRelacionados' },
      ...COMPROBANTE_PARTS,
    ],
    Emisor: ['Rfc', '?Nombre', 'RegimenFiscal'],
    Receptor: ['Rfc', '?Nombre', '?ResidenciaFiscal', '?NumRegIdTrib', 'UsoCFDI'],
    Concepto: [
      'ClaveProdServ',
      '?NoIdentificacion',
      'Cantidad',
      'ClaveUnidad',
      '?Unidad',
      'Descripcion',
      'ValorUnitario',
      'Importe',
      '?Descuento',
      ...CONCEPT_TAXES,
      { each: 'InformacionAduanera' },
      { each: 'CuentaPredial' },
      { each: 'ComplementoConcepto' },
      { each: '//Parte' },
    ],
    // The comprobante's own taxes (a concept's are rendered inline above).
    Impuestos: [
      { each: 'Retenciones/Retencion', do: ['Impuesto', 'Importe'] },
      '?TotalImpuestosRetenidos',
      { each: 'Traslados/Traslado', do: ['Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'] },
      '?TotalImpuestosTrasladados',
    ],
  },
};
