import { COMERCIO_EXTERIOR11, COMERCIO_EXTERIOR20 } from './comercioExterior.js';
import { NOMINA12 } from './nomina12.js';
import { DECRETO_VEHICULOS, DESTRUCCION_VEHICULOS, PFIC, VEHICULO_USADO, VENTA_VEHICULOS } from './vehicleComplements.js';
import { PAGOS10, PAGOS20 } from './payments.js';
import { UBICACION_FISCAL } from './cfdiCommon.js';
import type { Vocabulary } from './rules.js';

/** Impuestos locales 1.0 (implocal.xslt). */
export const IMPLOCAL: Vocabulary = {
  ns: 'http://www.sat.gob.mx/implocal',
  templates: {
    ImpuestosLocales: [
      'version',
      'TotaldeRetenciones',
      'TotaldeTraslados',
      { each: 'RetencionesLocales', do: ['ImpLocRetenido', 'TasadeRetencion', 'Importe'] },
      { each: 'TrasladosLocales', do: ['ImpLocTrasladado', 'TasadeTraslado', 'Importe'] },
    ],
  },
};

/** Leyendas fiscales 1.0 (leyendasFisc.xslt). */
export const LEYENDAS_FISCALES: Vocabulary = {
  ns: 'http://www.sat.gob.mx/leyendasFiscales',
  templates: {
    LeyendasFiscales: ['version', { each: 'Leyenda' }],
    Leyenda: ['?disposicionFiscal', '?norma', 'textoLeyenda'],
  },
};

/** Instituciones educativas privadas 1.0 (iedu.xslt), in `ComplementoConcepto`. */
export const IEDU: Vocabulary = {
  ns: 'http://www.sat.gob.mx/iedu',
  templates: { instEducativas: ['version', 'nombreAlumno', 'CURP', 'nivelEducativo', 'autRVOE', '?rfcPago'] },
};

/** Donatarias 1.1 (donat11.xslt). */
export const DONATARIAS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/donat',
  templates: { Donatarias: ['version', 'noAutorizacion', 'fechaAutorizacion', 'leyenda'] },
};

/** Compra venta de divisas 1.0 (divisas.xslt). */
export const DIVISAS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/divisas',
  templates: { Divisas: ['version', 'tipoOperacion'] },
};

/** INE 1.1 (ine11.xslt): spending of political parties. */
export const INE: Vocabulary = {
  ns: 'http://www.sat.gob.mx/ine',
  templates: {
    INE: ['Version', 'TipoProceso', '?TipoComite', '?IdContabilidad', { each: 'Entidad' }],
    Entidad: ['ClaveEntidad', '?Ambito', { each: 'Contabilidad' }],
    Contabilidad: ['IdContabilidad'],
  },
};

/** Por cuenta de terceros 1.1 (terceros11.xslt), in a CFDI 3.2 or 3.3 concept's `ComplementoConcepto`. */
export const TERCEROS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/terceros',
  versions: ['3.2', '3.3'],
  templates: {
    PorCuentadeTerceros: [
      'version',
      'rfc',
      '?nombre',
      { each: '//InformacionFiscalTercero' },
      { each: '//InformacionAduanera' },
      { each: 'CuentaPredial' },
      { each: '//Retenciones/Retencion' },
      { each: '//Traslados/Traslado' },
    ],
    InformacionFiscalTercero: UBICACION_FISCAL,
    InformacionAduanera: ['numero', 'fecha', '?aduana'],
    CuentaPredial: ['numero'],
    Retencion: ['impuesto', 'importe'],
    Traslado: ['impuesto', 'tasa', 'importe'],
  },
};

/** Aerolíneas 1.0 (aerolineas.xslt). */
export const AEROLINEAS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/aerolineas',
  templates: {
    Aerolineas: ['Version', 'TUA', { each: 'OtrosCargos' }],
    OtrosCargos: ['TotalCargos', { each: 'Cargo' }],
    Cargo: ['CodigoCargo', 'Importe'],
  },
};

/**
 * The complements whose rules vcase knows. A CFDI carrying any other is `unverifiable`:
 * without SAT's rules for it the issuer's cadena cannot be rebuilt, only guessed.
 */
export const COMPLEMENTS: readonly Vocabulary[] = [
  VENTA_VEHICULOS,
  VEHICULO_USADO,
  DECRETO_VEHICULOS,
  DESTRUCCION_VEHICULOS,
  PFIC,
  IMPLOCAL,
  LEYENDAS_FISCALES,
  PAGOS10,
  PAGOS20,
  NOMINA12,
  COMERCIO_EXTERIOR11,
  COMERCIO_EXTERIOR20,
  IEDU,
  DONATARIAS,
  DIVISAS,
  INE,
  TERCEROS,
  AEROLINEAS,
];

/** The SAT's timbre: added after the issuer sealed, so never part of the issuer's cadena. */
export const TIMBRE_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
