import type { Vocabulary } from './rules.js';

/** A payment's own attributes, the same in both versions. */
const PAGO = [
  'FechaPago',
  'FormaDePagoP',
  'MonedaP',
  '?TipoCambioP',
  'Monto',
  '?NumOperacion',
  '?RfcEmisorCtaOrd',
  '?NomBancoOrdExt',
  '?CtaOrdenante',
  '?RfcEmisorCtaBen',
  '?CtaBeneficiario',
  '?TipoCadPago',
  '?CertPago',
  '?CadPago',
  '?SelloPago',
];

/** Recepción de pagos 1.0 (Pagos10.xslt), carried by CFDI 3.3 payment receipts. */
export const PAGOS10: Vocabulary = {
  ns: 'http://www.sat.gob.mx/Pagos',
  versions: ['3.3'],
  templates: {
    Pagos: ['Version', { each: 'Pago' }],
    Pago: [...PAGO, { each: 'DoctoRelacionado' }, { each: 'Impuestos' }],
    DoctoRelacionado: [
      'IdDocumento',
      '?Serie',
      '?Folio',
      'MonedaDR',
      '?TipoCambioDR',
      'MetodoDePagoDR',
      '?NumParcialidad',
      '?ImpSaldoAnt',
      '?ImpPagado',
      '?ImpSaldoInsoluto',
    ],
    Impuestos: ['?TotalImpuestosRetenidos', '?TotalImpuestosTrasladados', { each: 'Retenciones' }, { each: 'Traslados' }],
    Retenciones: [{ each: 'Retencion' }],
    Traslados: [{ each: 'Traslado' }],
    Retencion: ['Impuesto', 'Importe'],
    Traslado: ['Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'],
  },
};

/** Recepción de pagos 2.0 (Pagos20.xslt), carried by CFDI 4.0 payment receipts. */
export const PAGOS20: Vocabulary = {
  ns: 'http://www.sat.gob.mx/Pagos20',
  versions: ['4.0'],
  templates: {
    Pagos: ['Version', { each: 'Totales' }, { each: 'Pago' }],
    Totales: [
      '?TotalRetencionesIVA',
      '?TotalRetencionesISR',
      '?TotalRetencionesIEPS',
      '?TotalTrasladosBaseIVA16',
      '?TotalTrasladosImpuestoIVA16',
      '?TotalTrasladosBaseIVA8',
      '?TotalTrasladosImpuestoIVA8',
      '?TotalTrasladosBaseIVA0',
      '?TotalTrasladosImpuestoIVA0',
      '?TotalTrasladosBaseIVAExento',
      'MontoTotalPagos',
    ],
    Pago: [...PAGO, { each: 'DoctoRelacionado' }, { each: 'ImpuestosP' }],
    DoctoRelacionado: [
      'IdDocumento',
      '?Serie',
      '?Folio',
      'MonedaDR',
      '?EquivalenciaDR',
      'NumParcialidad',
      'ImpSaldoAnt',
      'ImpPagado',
      'ImpSaldoInsoluto',
      'ObjetoImpDR',
      { each: 'ImpuestosDR/RetencionesDR/RetencionDR', do: ['BaseDR', 'ImpuestoDR', 'TipoFactorDR', 'TasaOCuotaDR', 'ImporteDR'] },
      { each: 'ImpuestosDR/TrasladosDR/TrasladoDR', do: ['BaseDR', 'ImpuestoDR', 'TipoFactorDR', '?TasaOCuotaDR', '?ImporteDR'] },
    ],
    ImpuestosP: [{ each: 'RetencionesP' }, { each: 'TrasladosP' }],
    RetencionesP: [{ each: 'RetencionP' }],
    TrasladosP: [{ each: 'TrasladoP' }],
    RetencionP: ['ImpuestoP', 'ImporteP'],
    TrasladoP: ['BaseP', 'ImpuestoP', 'TipoFactorP', '?TasaOCuotaP', '?ImporteP'],
  },
};
