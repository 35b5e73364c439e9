import { ENTITY_CODES, type EntityCode } from '@vcase/shared';

/**
 * Names and abbreviations documents print for the 32 licensing entities, mapped to the
 * ISO 3166-2:MX three-letter codes (domain facts). Keys are folded: uppercase, no accents,
 * no punctuation, single spaces.
 */
const ALIASES: Record<EntityCode, string[]> = {
  AGU: ['AGUASCALIENTES', 'AGS'],
  BCN: ['BAJA CALIFORNIA', 'BAJA CALIFORNIA NORTE', 'BC', 'BCN'],
  BCS: ['BAJA CALIFORNIA SUR', 'BCS'],
  CAM: ['CAMPECHE', 'CAMP'],
  CHH: ['CHIHUAHUA', 'CHIH'],
  CHP: ['CHIAPAS', 'CHIS'],
  CMX: ['CIUDAD DE MEXICO', 'CDMX', 'CD MX', 'CD DE MEXICO', 'DISTRITO FEDERAL', 'DF', 'MEXICO DF', 'MEXICO D F'],
  COA: ['COAHUILA', 'COAHUILA DE ZARAGOZA', 'COAH'],
  COL: ['COLIMA'],
  DUR: ['DURANGO', 'DGO'],
  GRO: ['GUERRERO'],
  GUA: ['GUANAJUATO', 'GTO'],
  HID: ['HIDALGO', 'HGO'],
  JAL: ['JALISCO'],
  MEX: ['ESTADO DE MEXICO', 'EDO DE MEXICO', 'EDO DE MEX', 'EDO MEX', 'EDOMEX', 'EDO MEXICO', 'MEXICO', 'EM'],
  MIC: ['MICHOACAN', 'MICHOACAN DE OCAMPO', 'MICH'],
  MOR: ['MORELOS'],
  NAY: ['NAYARIT'],
  NLE: ['NUEVO LEON', 'NVO LEON', 'NL'],
  OAX: ['OAXACA'],
  PUE: ['PUEBLA'],
  QUE: ['QUERETARO', 'QUERETARO DE ARTEAGA', 'QRO'],
  ROO: ['QUINTANA ROO', 'Q ROO', 'QROO', 'QR'],
  SIN: ['SINALOA'],
  SLP: ['SAN LUIS POTOSI', 'SLP'],
  SON: ['SONORA'],
  TAB: ['TABASCO'],
  TAM: ['TAMAULIPAS', 'TAMPS'],
  TLA: ['TLAXCALA', 'TLAX'],
  VER: ['VERACRUZ', 'VERACRUZ DE IGNACIO DE LA LLAVE', 'VER'],
  YUC: ['YUCATAN'],
  ZAC: ['ZACATECAS'],
};

const BY_KEY = new Map<string, EntityCode>();
for (const code of ENTITY_CODES) {
  BY_KEY.set(code, code);
  for (const alias of ALIASES[code]) BY_KEY.set(alias, code);
}

/** What the Mexican two-letter CURP birth-state codes name (NE, born abroad, names none). */
const CURP_STATES: Record<string, EntityCode> = {
  AS: 'AGU',
  BC: 'BCN',
  BS: 'BCS',
  CC: 'CAM',
  CH: 'CHH',
  CS: 'CHP',
  DF: 'CMX',
  CL: 'COA',
  CM: 'COL',
  DG: 'DUR',
  GR: 'GRO',
  GT: 'GUA',
  HG: 'HID',
  JC: 'JAL',
  MC: 'MEX',
  MN: 'MIC',
  MS: 'MOR',
  NT: 'NAY',
  NL: 'NLE',
  OC: 'OAX',
  PL: 'PUE',
  QT: 'QUE',
  QR: 'ROO',
  SL: 'SIN',
  SP: 'SLP',
  SR: 'SON',
  TC: 'TAB',
  TS: 'TAM',
  TL: 'TLA',
  VZ: 'VER',
  YN: 'YUC',
  ZS: 'ZAC',
};

/** Uppercase, accents removed (Ñ kept), punctuation to spaces, single spaces. */
export function foldEntityText(text: string): string {
  return text
    .toUpperCase()
    .replace(/Ñ/g, '\u0000')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0000/g, 'Ñ')
    .replace(/[.,;:()'"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const PREFIXES = [
  /^GOBIERNO DEL? /,
  /^ESTADO LIBRE Y SOBERANO DE /,
  /^ESTADO DE (?!MEXICO$|MEX$)/,
  /^EDO DE (?!MEXICO$|MEX$)/,
  /^ENTIDAD FEDERATIVA /,
  /^ENTIDAD /,
  /^LA /,
];

/**
 * The three-letter entity code of a state name or abbreviation ("Estado de México",
 * "EDOMEX", "CDMX", "D.F.", "N.L.", "Jalisco", "JAL", "Gobierno del Estado de Jalisco"),
 * or null. Bare "México" means the state (MEX), as on plates and receipts.
 */
export function entityCode(text: string | null | undefined): EntityCode | null {
  if (!text) return null;
  let key = foldEntityText(text);
  // "N L" and "D F" (dotted abbreviations) are written without spaces in the table.
  const compact = key.replace(/ /g, '');
  for (let i = 0; i < 4 && key; i++) {
    const hit = BY_KEY.get(key) ?? (compact.length <= 4 ? BY_KEY.get(compact) : undefined);
    if (hit) return hit;
    const next = PREFIXES.reduce((k, re) => k.replace(re, ''), key);
    if (next === key) break;
    key = next;
  }
  return null;
}

/** The entity of a CURP birth-state code (`VZ` → VER); null for NE (abroad) or unknown. */
export function entityFromCurpState(code: string): EntityCode | null {
  return CURP_STATES[code.toUpperCase()] ?? null;
}

// Longest names first, so "BAJA CALIFORNIA SUR" wins over "BAJA CALIFORNIA".
const NAMES_IN_TEXT = [...BY_KEY.keys()]
  .filter((k) => k.length >= 5 && k !== 'MEXICO' && k !== 'MEXICO DF')
  .sort((a, b) => b.length - a.length);
const NAMES_RE = new RegExp(`(?<![A-ZÑ])(${NAMES_IN_TEXT.map((n) => n.replace(/ /g, '\\s+')).join('|')})(?![A-ZÑ])`);

const GOVERNMENT_INTRO =
  '(?:GOBIERNO|ESTADO LIBRE Y SOBERANO|SECRETARIA DE (?:FINANZAS|MOVILIDAD|HACIENDA)|ENTIDAD(?: FEDERATIVA)?)' +
  '\\s+(?:DEL?\\s+)?(?:LA\\s+)?(?:ESTADO\\s+DE\\s+)?';
const GOVERNMENT_NAMES = [...NAMES_IN_TEXT, 'MEXICO'].map((n) => n.replace(/ /g, '\\s+')).join('|');
const GOVERNMENT_RE = new RegExp(`${GOVERNMENT_INTRO}(${GOVERNMENT_NAMES})(?![A-ZÑ])`);

/**
 * The entity a document names in free text: first one introduced as a government ("GOBIERNO
 * DEL ESTADO DE JALISCO", "SECRETARÍA DE FINANZAS DE PUEBLA"), else the first entity name.
 * Bare "MÉXICO" counts only after such an introduction, since documents print it as the
 * country; "ESTADO DE MÉXICO" always counts.
 */
export function findEntityInText(text: string): EntityCode | null {
  const folded = foldEntityText(text);
  const gov = GOVERNMENT_RE.exec(folded);
  if (gov) {
    const name = gov[1].replace(/\s+/g, ' ');
    // "GOBIERNO DEL ESTADO DE MEXICO" is the state; "GOBIERNO DE MEXICO" the country.
    if (name !== 'MEXICO' || /ESTADO\s+DE\s+MEXICO$/.test(gov[0])) return BY_KEY.get(name) ?? null;
  }
  const m = NAMES_RE.exec(folded);
  return m ? (BY_KEY.get(m[1].replace(/\s+/g, ' ')) ?? null) : null;
}
