import { rfcMoral } from '../ids/rfc.js';
import type { Rng } from '../random.js';

export interface CompanySeed {
  /** The name as SAT registers it (CFDI 4.0 writes it without the corporate form). */
  name: string;
  form: string;
  /** The three letters its RFC starts with. */
  letters: string;
  kind: 'dealer' | 'importer' | 'services' | 'fleet';
  street: string;
  city: string;
  cp: string;
}

export const COMPANIES: readonly CompanySeed[] = [
  {
    name: 'AUTOMOTRIZ PEÑA & ASOCIADOS',
    form: 'S.A. DE C.V.',
    letters: 'AP&',
    kind: 'dealer',
    street: 'AV. INSURGENTES SUR 1458',
    city: 'BENITO JUÁREZ, CIUDAD DE MÉXICO',
    cp: '03230',
  },
  {
    name: 'DISTRIBUIDORA AUTOMOTRIZ DEL BAJÍO',
    form: 'S.A. DE C.V.',
    letters: 'DAB',
    kind: 'dealer',
    street: 'BLVD. ADOLFO LÓPEZ MATEOS 2301',
    city: 'LEÓN, GUANAJUATO',
    cp: '37270',
  },
  {
    name: 'AUTOS Y CAMIONES DE OCCIDENTE',
    form: 'S.A. DE C.V.',
    letters: 'ACO',
    kind: 'dealer',
    street: 'AV. LÓPEZ MATEOS SUR 5550',
    city: 'ZAPOPAN, JALISCO',
    cp: '45070',
  },
  {
    name: 'GRUPO AUTOMOTRIZ CUMBRES DE MONTERREY',
    form: 'S.A.P.I. DE C.V.',
    letters: 'GAC',
    kind: 'dealer',
    street: 'AV. GONZALITOS 1200 NTE.',
    city: 'MONTERREY, NUEVO LEÓN',
    cp: '64460',
  },
  {
    name: 'E & Ñ AUTOMOTORES',
    form: 'S. DE R.L. DE C.V.',
    letters: 'E&Ñ',
    kind: 'dealer',
    street: 'CALZ. ZAVALETA 3101',
    city: 'PUEBLA, PUEBLA',
    cp: '72150',
  },
  {
    name: 'IMPORTADORA DE AUTOS FRONTERA NORTE',
    form: 'S.A. DE C.V.',
    letters: 'IAF',
    kind: 'importer',
    street: 'AV. REFORMA 4410',
    city: 'NUEVO LAREDO, TAMAULIPAS',
    cp: '88240',
  },
  {
    name: 'SERVICIOS CONTABLES MUÑOZ & NÚÑEZ',
    form: 'S.C.',
    letters: 'SCM',
    kind: 'services',
    street: 'CALLE MADERO 55 INT. 3',
    city: 'CUAUHTÉMOC, CIUDAD DE MÉXICO',
    cp: '06000',
  },
  {
    name: 'LIMPIEZA INTEGRAL DEL CENTRO',
    form: 'S.A. DE C.V.',
    letters: 'LIC',
    kind: 'services',
    street: 'AV. 5 DE FEBRERO 1720',
    city: 'QUERÉTARO, QUERÉTARO',
    cp: '76130',
  },
  {
    name: 'TRANSPORTES Y LOGÍSTICA DEL GOLFO',
    form: 'S.A. DE C.V.',
    letters: 'TLG',
    kind: 'fleet',
    street: 'BLVD. MANUEL ÁVILA CAMACHO 3402',
    city: 'BOCA DEL RÍO, VERACRUZ',
    cp: '94299',
  },
  {
    name: 'ARRENDADORA ÁLAMOS',
    form: 'S.A. DE C.V.',
    letters: 'AAL',
    kind: 'fleet',
    street: 'PASEO DE LA REFORMA 250 PISO 8',
    city: 'CUAUHTÉMOC, CIUDAD DE MÉXICO',
    cp: '06600',
  },
];

export interface Company extends CompanySeed {
  rfc: string;
  regimen: '601';
}

export function makeCompany(rng: Rng, seed: CompanySeed): Company {
  const founded = { y: rng.int(1985, 2015), m: rng.int(1, 12), d: rng.int(1, 28) };
  return { ...seed, rfc: rfcMoral(rng, seed.letters, founded), regimen: '601' };
}

export const companiesOf = (kind: CompanySeed['kind']) => COMPANIES.filter((c) => c.kind === kind);
