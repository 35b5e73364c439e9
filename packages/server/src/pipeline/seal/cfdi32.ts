import { COMPROBANTE_PARTS, UBICACION_FISCAL } from './cfdiCommon.js';
import type { Step, Vocabulary } from './rules.js';

// An address as the `Domicilio` named template renders it (ExpedidoEn, the receptor's).
const DOMICILIO: Step[] = [
  '?calle',
  '?noExterior',
  '?noInterior',
  '?colonia',
  '?localidad',
  '?referencia',
  '?municipio',
  '?estado',
  'pais',
  '?codigoPostal',
];

/**
 * CFDI 3.2 (SAT's cadenaoriginal_3_2.xslt): lower-case attribute names, no `serie` nor `folio`,
 * addresses, regimes as elements, taxes by name and rate. Sealed with RSA-SHA1.
 */
export const CFDI32: Vocabulary = {
  ns: 'http://www.sat.gob.mx/cfd/3',
  templates: {
    Comprobante: [
      'version',
      'fecha',
      'tipoDeComprobante',
      'formaDePago',
      '?condicionesDePago',
      'subTotal',
      '?descuento',
      '?TipoCambio',
      '?Moneda',
      'total',
      'metodoDePago',
      'LugarExpedicion',
      '?NumCtaPago',
      '?FolioFiscalOrig',
      '?SerieFolioFiscalOrig',
      '?FechaFolioFiscalOrig',
      '?MontoFolioFiscalOrig',
      ...COMPROBANTE_PARTS,
    ],
    Emisor: [
      'rfc',
      '?nombre',
      { each: 'DomicilioFiscal' },
      { each: 'ExpedidoEn', do: DOMICILIO },
      { each: 'RegimenFiscal', do: ['Regimen'] },
    ],
    DomicilioFiscal: UBICACION_FISCAL,
    Receptor: ['rfc', '?nombre', { each: 'Domicilio', do: DOMICILIO }],
    Conceptos: [{ each: 'Concepto' }],
    // Every customs entry of the concept, its parts' included; the parts themselves are not in it.
    Concepto: [
      'cantidad',
      'unidad',
      '?noIdentificacion',
      'descripcion',
      'valorUnitario',
      'importe',
      { each: '//InformacionAduanera' },
      { each: 'CuentaPredial' },
      { each: 'ComplementoConcepto' },
    ],
    InformacionAduanera: ['numero', 'fecha', '?aduana'],
    CuentaPredial: ['numero'],
    ComplementoConcepto: [{ each: '*' }],
    Impuestos: [
      { each: 'Retenciones/Retencion', do: ['impuesto', 'importe'] },
      '?totalImpuestosRetenidos',
      { each: 'Traslados/Traslado', do: ['impuesto', 'tasa', 'importe'] },
      '?totalImpuestosTrasladados',
    ],
    Complemento: [{ each: '*' }],
  },
};
