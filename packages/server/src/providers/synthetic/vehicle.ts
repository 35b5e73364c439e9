import { ddmmyyyy, seeded } from './seed.js';

const WMI_BRANDS: Record<string, string> = {
  '3N1': 'NISSAN',
  '3N6': 'NISSAN',
  '3VW': 'VOLKSWAGEN',
  '3G1': 'CHEVROLET',
  '3GC': 'CHEVROLET',
  '3FA': 'FORD',
  '3FT': 'FORD',
  '3HG': 'HONDA',
  MR0: 'TOYOTA',
  '3MZ': 'MAZDA',
  '3KP': 'KIA',
  '5NP': 'HYUNDAI',
  '1M8': 'MOTOR COACH INDUSTRIES',
  '1HG': 'HONDA',
  JTD: 'TOYOTA',
  WVW: 'VOLKSWAGEN',
  '9BW': 'VOLKSWAGEN',
};
const MODELS: Record<string, string[]> = {
  NISSAN: ['VERSA', 'SENTRA', 'MARCH', 'NP300'],
  VOLKSWAGEN: ['JETTA', 'VENTO', 'TIGUAN'],
  CHEVROLET: ['AVEO', 'ONIX', 'SILVERADO'],
  FORD: ['FIGO', 'RANGER', 'ESCAPE'],
  HONDA: ['CIVIC', 'CR-V', 'CITY'],
  TOYOTA: ['COROLLA', 'HILUX', 'YARIS'],
  MAZDA: ['MAZDA 3', 'CX-5'],
  KIA: ['RIO', 'FORTE'],
  HYUNDAI: ['TUCSON', 'ACCENT'],
  'MOTOR COACH INDUSTRIES': ['J4500'],
};
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** Model year from the VIN's 10th character (30-year cycle), nearest year not in the future. */
export function modelYearOf(vin: string, now = new Date()): number | null {
  const code = vin[9];
  const i = code ? YEAR_CODES.indexOf(code.toUpperCase()) : -1;
  if (i < 0) return null;
  let year = 1980 + i;
  while (year + 30 <= now.getUTCFullYear() + 1) year += 30;
  return year;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined);
const year = (v: unknown) => (Number.isInteger(v) ? (v as number) : undefined);

/**
 * The vehicle a VIN source describes: brand, model and model year as the case's documents give
 * them (`input`, services/lookups/vehicleFacts.ts); what they leave out comes from the VIN
 * (WMI brand, 10th-character model year) or its hash.
 */
export function vehicleOf(vin: string, input?: unknown) {
  const said = (input ?? {}) as Record<string, unknown>;
  const r = seeded('vehicle', vin);
  const marca =
    text(said.marca) ?? WMI_BRANDS[vin.slice(0, 3).toUpperCase()] ?? r.pick(['NISSAN', 'VOLKSWAGEN', 'CHEVROLET', 'FORD', 'TOYOTA']);
  const modelo = text(said.modelo) ?? r.pick(MODELS[marca] ?? ['SEDAN']);
  return { marca, modelo, anio_modelo: year(said.anio_modelo) ?? modelYearOf(vin) ?? r.int(2012, 2024) };
}

export function syntheticRepuve(vin: string, input?: unknown): Record<string, unknown> {
  const r = seeded('repuve', vin);
  const v = vehicleOf(vin, input);
  const stolen = r.chance(0.1);
  return {
    info: {
      niv: vin,
      placa: null,
      marca: v.marca,
      modelo: v.modelo,
      tipo: r.pick(['SEDAN', 'HATCHBACK', 'PICK UP', 'SUV']),
      clase: 'AUTOMOVIL',
      anio_modelo: v.anio_modelo,
      entidad_emplacado: r.pick(['ESTADO DE MEXICO', 'CIUDAD DE MEXICO', 'JALISCO', 'NUEVO LEON']),
      fecha_inscripcion: ddmmyyyy(r.int(1, 28), r.int(1, 12), v.anio_modelo),
      fecha_actualizacion: ddmmyyyy(r.int(1, 28), r.int(1, 12), 2025),
      reporte_robo: stolen ? [{ tipo_reporte: r.pick(['FGJ', 'OCRA']), estatus: 'VIGENTE' }] : [],
      robo_usa_can: { tiene_robo: false },
      aviso_judicial: { tiene_aviso_judicial: r.chance(0.05) },
    },
  };
}

export function syntheticPedimento(vin: string): Record<string, unknown> {
  const r = seeded('pedimento', vin);
  if (vin.startsWith('3') || r.chance(0.4)) return { not_found: true };
  const yy = String(r.int(15, 25));
  return {
    data: {
      pedimento: `${yy}  ${r.int(10, 99)}  ${r.int(1000, 9999)}  ${r.int(1000000, 9999999)}`,
      aduana: r.pick(['NUEVO LAREDO', 'TIJUANA', 'MANZANILLO', 'VERACRUZ']),
      vin,
    },
  };
}

export function syntheticRapi(vin: string): Record<string, unknown> {
  const r = seeded('rapi', vin);
  const flagged = r.chance(0.08);
  return {
    result: {
      niv: vin,
      tiene_reporte: flagged,
      reportes: flagged ? [{ tipo: 'ROBO', fecha: ddmmyyyy(r.int(1, 28), r.int(1, 12), r.int(2018, 2025)), estatus: 'ACTIVO' }] : [],
    },
  };
}

export function syntheticBureau(vin: string, input?: unknown): Record<string, unknown> {
  const r = seeded('bureau', vin);
  const v = vehicleOf(vin, input);
  return {
    report: {
      vin,
      vehiculo: v,
      gravamenes: r.chance(0.15) ? [{ acreedor: 'FINANCIERA DEMO S.A. DE C.V.', monto: r.int(50, 400) * 1000, estatus: 'VIGENTE' }] : [],
      consultas_previas: r.int(0, 6),
      resultado: 'SIN_ALERTAS',
    },
  };
}

export function syntheticAmda(vin: string, input?: unknown): Record<string, unknown> {
  const r = seeded('amda', vin);
  if (r.chance(0.3)) return { not_found: true };
  const v = vehicleOf(vin, input);
  return {
    result: {
      amda_code: `AMDA-${r.int(100000, 999999)}`,
      vehicle_details: {
        vin,
        brand: v.marca,
        model: v.modelo,
        year: v.anio_modelo,
        dealer_name: r.pick(['AUTOS DEL NORTE', 'GRUPO AUTOMOTRIZ CENTRO', 'MOTORES DEL BAJIO']),
      },
    },
  };
}

export function syntheticAmis(vin: string, input?: unknown): Record<string, unknown> {
  if (vin.length !== 17) return { reason: 'Longitud incorrecta (se esperan 17 caracteres)' };
  const r = seeded('amis', vin);
  const v = vehicleOf(vin, input);
  const n = r.int(0, 2);
  if (n === 0) return { not_found: true };
  return {
    result: {
      info: Array.from({ length: n }, (_, i) => ({
        marca: v.marca,
        submarca: v.modelo,
        anio_modelo: v.anio_modelo,
        poliza: `****${r.int(1000, 9999)}`,
        cancelable: r.chance(0.5),
        inicio_vigencia: ddmmyyyy(r.int(1, 28), r.int(1, 12), 2023 + i),
        fin_vigencia: ddmmyyyy(r.int(1, 28), r.int(1, 12), 2024 + i),
      })),
    },
  };
}
