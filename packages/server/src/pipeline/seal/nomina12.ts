import type { Vocabulary } from './rules.js';

/** Nómina 1.2 (nomina12.xslt), carried by payroll receipts (tipo N). */
export const NOMINA12: Vocabulary = {
  ns: 'http://www.sat.gob.mx/nomina12',
  templates: {
    Nomina: [
      'Version', 'TipoNomina', 'FechaPago', 'FechaInicialPago', 'FechaFinalPago', 'NumDiasPagados',
      '?TotalPercepciones', '?TotalDeducciones', '?TotalOtrosPagos',
      { each: 'Emisor' },
      { each: 'Receptor' },
      { each: 'Percepciones' },
      { each: 'Deducciones' },
      { each: 'OtrosPagos' },
      { each: 'Incapacidades' },
    ],
    Emisor: ['?Curp', '?RegistroPatronal', '?RfcPatronOrigen', { each: 'EntidadSNCF' }],
    EntidadSNCF: ['OrigenRecurso', '?MontoRecursoPropio'],
    Receptor: [
      'Curp', '?NumSeguridadSocial', '?FechaInicioRelLaboral', '?Antigüedad', 'TipoContrato', '?Sindicalizado',
      '?TipoJornada', 'TipoRegimen', 'NumEmpleado', '?Departamento', '?Puesto', '?RiesgoPuesto', 'PeriodicidadPago',
      '?Banco', '?CuentaBancaria', '?SalarioBaseCotApor', '?SalarioDiarioIntegrado', 'ClaveEntFed',
      { each: 'SubContratacion' },
    ],
    SubContratacion: ['RfcLabora', 'PorcentajeTiempo'],
    Percepciones: [
      '?TotalSueldos', '?TotalSeparacionIndemnizacion', '?TotalJubilacionPensionRetiro', 'TotalGravado', 'TotalExento',
      { each: 'Percepcion' },
      { each: 'JubilacionPensionRetiro' },
      { each: 'SeparacionIndemnizacion' },
    ],
    Percepcion: [
      'TipoPercepcion', 'Clave', 'Concepto', 'ImporteGravado', 'ImporteExento',
      { each: 'AccionesOTitulos' },
      { each: 'HorasExtra' },
    ],
    AccionesOTitulos: ['ValorMercado', 'PrecioAlOtorgarse'],
    HorasExtra: ['Dias', 'TipoHoras', 'HorasExtra', 'ImportePagado'],
    JubilacionPensionRetiro: ['?TotalUnaExhibicion', '?TotalParcialidad', '?MontoDiario', 'IngresoAcumulable', 'IngresoNoAcumulable'],
    SeparacionIndemnizacion: ['TotalPagado', 'NumAñosServicio', 'UltimoSueldoMensOrd', 'IngresoAcumulable', 'IngresoNoAcumulable'],
    Deducciones: ['?TotalOtrasDeducciones', '?TotalImpuestosRetenidos', { each: 'Deduccion' }],
    Deduccion: ['TipoDeduccion', 'Clave', 'Concepto', 'Importe'],
    OtrosPagos: [{ each: 'OtroPago' }],
    OtroPago: [
      'TipoOtroPago', 'Clave', 'Concepto', 'Importe',
      { each: 'SubsidioAlEmpleo' },
      { each: 'CompensacionSaldosAFavor' },
    ],
    SubsidioAlEmpleo: ['SubsidioCausado'],
    CompensacionSaldosAFavor: ['SaldoAFavor', 'Año', 'RemanenteSalFav'],
    Incapacidades: [{ each: 'Incapacidad' }],
    Incapacidad: ['DiasIncapacidad', 'TipoIncapacidad', '?ImporteMonetario'],
  },
};
