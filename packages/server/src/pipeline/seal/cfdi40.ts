import { CFDI_COMMON, COMPROBANTE_PARTS, CONCEPT_TAXES } from './cfdiCommon.js';
import type { Vocabulary } from './rules.js';

/**
 * CFDI 4.0 (SAT's cadenaoriginal_4_0.xslt, Anexo 20). As in 3.3, `Sello` and `Certificado`
 * are left out. New against 3.3: `Exportacion`, `InformacionGlobal`, several
 * `CfdiRelacionados`, the receptor's domicile and regime, `ObjetoImp`, `ACuentaTerceros`, and
 * `Base` in the comprobante's transfers.
 */
export const CFDI40: Vocabulary = {
  ns: 'http://www.sat.gob.mx/cfd/4',
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
      'Exportacion',
      '?MetodoPago',
      'LugarExpedicion',
      '?Confirmacion',
      { each: 'InformacionGlobal' },
      { each: 'CfdiRelacionados' },
      ...COMPROBANTE_PARTS,
    ],
    InformacionGlobal: ['Periodicidad', 'Meses', 'Año'],
    Emisor: ['Rfc', 'Nombre', 'RegimenFiscal', '?FacAtrAdquirente'],
    Receptor: ['Rfc', 'Nombre', 'DomicilioFiscalReceptor', '?ResidenciaFiscal', '?NumRegIdTrib', 'RegimenFiscalReceptor', 'UsoCFDI'],
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
      'ObjetoImp',
      ...CONCEPT_TAXES,
      { each: 'ACuentaTerceros' },
      { each: 'InformacionAduanera' },
      { each: 'CuentaPredial' },
      { each: 'ComplementoConcepto' },
      { each: '//Parte' },
    ],
    ACuentaTerceros: ['RfcACuentaTerceros', 'NombreACuentaTerceros', 'RegimenFiscalACuentaTerceros', 'DomicilioFiscalACuentaTerceros'],
    Impuestos: [
      { each: 'Retenciones/Retencion', do: ['Impuesto', 'Importe'] },
      '?TotalImpuestosRetenidos',
      { each: 'Traslados/Traslado', do: ['Base', 'Impuesto', 'TipoFactor', '?TasaOCuota', '?Importe'] },
      '?TotalImpuestosTrasladados',
    ],
  },
};
