import type { Step, Templates, Vocabulary } from './rules.js';

// The parts 1.1 and 2.0 share (ComercioExterior11.xslt, ComercioExterior20.xslt).
const SHARED: Templates = {
  Emisor: ['?Curp', { each: 'Domicilio' }],
  Propietario: ['NumRegIdTrib', 'ResidenciaFiscal'],
  Receptor: ['?NumRegIdTrib', { each: 'Domicilio' }],
  Destinatario: ['?NumRegIdTrib', '?Nombre', { each: 'Domicilio' }],
  Mercancias: [{ each: 'Mercancia' }],
  Domicilio: [
    'Calle',
    '?NumeroExterior',
    '?NumeroInterior',
    '?Colonia',
    '?Localidad',
    '?Referencia',
    '?Municipio',
    'Estado',
    'Pais',
    'CodigoPostal',
  ],
  Mercancia: [
    'NoIdentificacion',
    '?FraccionArancelaria',
    '?CantidadAduana',
    '?UnidadAduana',
    '?ValorUnitarioAduana',
    'ValorDolares',
    { each: 'DescripcionesEspecificas' },
  ],
  DescripcionesEspecificas: ['Marca', '?Modelo', '?SubModelo', '?NumeroSerie'],
};

const parties = (propietario: boolean): Step[] => [
  { each: 'Emisor' },
  ...(propietario ? [{ each: 'Propietario' }] : []),
  { each: 'Receptor' },
  { each: 'Destinatario' },
  { each: 'Mercancias' },
];

/** Comercio exterior 1.1 (ComercioExterior11.xslt): exports invoiced in CFDI 3.2 to 4.0. */
export const COMERCIO_EXTERIOR11: Vocabulary = {
  ns: 'http://www.sat.gob.mx/ComercioExterior11',
  templates: {
    ...SHARED,
    ComercioExterior: [
      'Version',
      '?MotivoTraslado',
      'TipoOperacion',
      '?ClaveDePedimento',
      '?CertificadoOrigen',
      '?NumCertificadoOrigen',
      '?NumeroExportadorConfiable',
      '?Incoterm',
      '?Subdivision',
      '?Observaciones',
      '?TipoCambioUSD',
      '?TotalUSD',
      ...parties(true),
    ],
  },
};

/** Comercio exterior 2.0 (ComercioExterior20.xslt), CFDI 4.0; its stylesheet renders no Propietario. */
export const COMERCIO_EXTERIOR20: Vocabulary = {
  ns: 'http://www.sat.gob.mx/ComercioExterior20',
  versions: ['4.0'],
  templates: {
    ...SHARED,
    ComercioExterior: [
      'Version',
      '?MotivoTraslado',
      'ClaveDePedimento',
      'CertificadoOrigen',
      '?NumCertificadoOrigen',
      '?NumeroExportadorConfiable',
      '?Incoterm',
      '?Observaciones',
      'TipoCambioUSD',
      'TotalUSD',
      ...parties(false),
    ],
  },
};
