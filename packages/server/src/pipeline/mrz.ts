import { parseYymmdd } from '../domain/validators/dates.js';
import { mrzCheckDigit } from '../domain/validators/ine.js';

/** ICAO TD1 machine-readable zone (INE back: 3 lines of 30 characters starting `IDMEX`). */
export interface Td1Mrz {
  lines: [string, string, string];
  document_code: string;
  issuing_state: string;
  /** INE: the CIC (9 digits). */
  document_number: string;
  /** INE: the OCR identifier (13 digits) after `<<`. */
  optional_data: string;
  /** DD/MM/YYYY */
  birth_date?: string;
  sex?: 'H' | 'M';
  /** DD/MM/YYYY */
  expiry_date?: string;
  nationality: string;
  apellido_paterno?: string;
  apellido_materno?: string;
  nombre?: string;
  checks: { document_number: boolean; birth_date: boolean; expiry_date: boolean; composite: boolean };
  valid: boolean;
}

const LINE = /^[A-Z0-9<]{30}$/;

/** OCR output of an MRZ line: spaces dropped, `«` read for `<<`, lowercase lifted. */
function normalizeLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/«/g, '<<')
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9<]/g, '<');
}

/**
 * The TD1 MRZ printed in `text`: a line starting `ID` and the line after it (28–32 characters
 * as OCR reads them), then the names line (trailing `<` often dropped by OCR).
 */
export function findTd1(text: string): Td1Mrz | undefined {
  const lines = text.split(/\n/).map(normalizeLine).filter(Boolean);
  const fits = (l: string | undefined, min: number) => !!l && l.length >= min && l.length <= 32;
  for (let i = 0; i + 2 < lines.length; i++) {
    if (!/^I[D<][A-Z<]{3}/.test(lines[i]) || !fits(lines[i], 28) || !fits(lines[i + 1], 28) || !fits(lines[i + 2], 5)) continue;
    // Line 2: birth date, check, sex, expiry, check, nationality.
    if (!/^\d{6}[0-9<][MF<]\d{6}[0-9<][A-Z<]{3}/.test(lines[i + 1])) continue;
    const three = [lines[i], lines[i + 1], lines[i + 2]].map((l) => l.padEnd(30, '<').slice(0, 30));
    if (three.every((l) => LINE.test(l))) return parseTd1(three as [string, string, string]);
  }
  return undefined;
}

export function parseTd1(lines: [string, string, string]): Td1Mrz {
  const [l1, l2, l3] = lines;
  const docNumber = l1.slice(5, 14);
  const birth = l2.slice(0, 6);
  const expiry = l2.slice(8, 14);
  const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  const checks = {
    document_number: mrzCheckDigit(docNumber) === l1[14],
    birth_date: mrzCheckDigit(birth) === l2[6],
    expiry_date: mrzCheckDigit(expiry) === l2[14],
    composite: mrzCheckDigit(composite) === l2[29],
  };
  const [surnames = '', given = ''] = l3.split(/<<+/, 2).length === 2 ? splitNames(l3) : [l3.replace(/<+/g, ' ').trim(), ''];
  const surnameParts = surnames.split('<').filter(Boolean);
  // ICAO writes F/M; Mexican documents write M (mujer) / H (hombre).
  const sex = l2[7] === 'F' ? 'M' : l2[7] === 'M' ? 'H' : undefined;
  // The card expires 10 years after issue to someone at least 18: born 28+ years before expiry
  // (pivot with slack, so no clock is needed).
  const expiryYy = Number(expiry.slice(0, 2));
  const pivot = Number.isFinite(expiryYy) ? expiryYy - 18 : 0;
  const mrz: Td1Mrz = {
    lines,
    document_code: l1.slice(0, 2).replace(/</g, ''),
    issuing_state: l1.slice(2, 5),
    document_number: docNumber.replace(/</g, ''),
    optional_data: l1.slice(15, 30).replace(/</g, ' ').trim(),
    birth_date: parseYymmdd(birth, pivot),
    sex,
    // Expiry dates are in this century.
    expiry_date: parseYymmdd(expiry, 99),
    nationality: l2.slice(15, 18).replace(/</g, ''),
    apellido_paterno: surnameParts[0],
    apellido_materno: surnameParts.slice(1).join(' ') || undefined,
    nombre: given.replace(/</g, ' ').trim() || undefined,
    checks,
    valid: Object.values(checks).every(Boolean),
  };
  return JSON.parse(JSON.stringify(mrz)) as Td1Mrz;
}

function splitNames(l3: string): [string, string] {
  const at = l3.indexOf('<<');
  return [l3.slice(0, at), l3.slice(at + 2).replace(/<+$/, '')];
}
