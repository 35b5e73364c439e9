import type { Step, Vocabulary } from './rules.js';

// The complements about vehicles, from SAT's stylesheets.

/** Venta de vehículos nuevos 1.0/1.1, in a concept's `ComplementoConcepto` (ventavehiculos11.xslt). */
export const VENTA_VEHICULOS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/ventavehiculos',
  templates: {
    // Every customs entry of the complement, its parts' included; the parts themselves are not in it.
    VentaVehiculos: ['version', 'ClaveVehicular', { when: ['version', '1.1'], do: ['Niv'] }, { each: '//InformacionAduanera' }],
    InformacionAduanera: ['numero', 'fecha', '?aduana'],
  },
};

/** Vehículo usado 1.0 (vehiculousado.xslt): a used car taken as part of the payment. */
export const VEHICULO_USADO: Vocabulary = {
  ns: 'http://www.sat.gob.mx/vehiculousado',
  templates: {
    VehiculoUsado: [
      'Version',
      'montoAdquisicion',
      'montoEnajenacion',
      'claveVehicular',
      'marca',
      'tipo',
      'modelo',
      '?numeroMotor',
      '?numeroSerie',
      '?NIV',
      'valor',
      { each: 'InformacionAduanera' },
    ],
    InformacionAduanera: ['numero', 'fecha', '?aduana'],
  },
};

// A used car handed to the maker under the renewal or substitution decree.
const USED_CAR: Step[] = [
  'PrecioVehUsado',
  'TipoVeh',
  'Marca',
  'TipooClase',
  'Año',
  '?Modelo',
  '?NIV',
  '?NumSerie',
  'NumPlacas',
  '?NumMotor',
  'NumFolTarjCir',
];

/** Renovación y sustitución de vehículos 1.0 (renovacionysustitucionvehiculos.xslt). */
export const DECRETO_VEHICULOS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/renovacionysustitucionvehiculos',
  templates: {
    renovacionysustitucionvehiculos: ['Version', 'TipoDeDecreto', { each: 'DecretoRenovVehicular' }, { each: 'DecretoSustitVehicular' }],
    DecretoRenovVehicular: ['VehEnaj', { each: 'VehiculosUsadosEnajenadoPermAlFab' }, { each: 'VehiculoNuvoSemEnajenadoFabAlPerm' }],
    DecretoSustitVehicular: ['VehEnaj', { each: 'VehiculoUsadoEnajenadoPermAlFab' }, { each: 'VehiculoNuvoSemEnajenadoFabAlPerm' }],
    VehiculosUsadosEnajenadoPermAlFab: [...USED_CAR, '?NumPedIm', '?Aduana', '?FechaRegulVeh', 'Foliofiscal'],
    VehiculoUsadoEnajenadoPermAlFab: [...USED_CAR, 'NumFolAvisoint', 'NumPedIm', 'Aduana', 'FechaRegulVeh', 'Foliofiscal'],
    VehiculoNuvoSemEnajenadoFabAlPerm: ['Año', '?Modelo', 'NumPlacas', '?RFC'],
  },
};

/** Certificado de destrucción 1.0 (certificadodedestruccion.xslt). */
export const DESTRUCCION_VEHICULOS: Vocabulary = {
  ns: 'http://www.sat.gob.mx/certificadodestruccion',
  templates: {
    certificadodedestruccion: ['Version', 'Serie', 'NumFolDesVeh', { each: 'VehiculoDestruido' }, { each: 'InformacionAduanera' }],
    VehiculoDestruido: ['Marca', 'TipooClase', 'Año', '?Modelo', '?NIV', '?NumSerie', 'NumPlacas', '?NumMotor', 'NumFolTarjCir'],
    InformacionAduanera: ['NumPedImp', 'Fecha', 'Aduana'],
  },
};

/** Persona física integrante de coordinado 1.0 (pfic.xslt): a vehicle of a passenger transport group. */
export const PFIC: Vocabulary = {
  ns: 'http://www.sat.gob.mx/pfic',
  templates: { PFintegranteCoordinado: ['version', 'ClaveVehicular', 'Placa', '?RFCPF'] },
};
