import { describe, expect, it } from 'vitest';
import {
  curpCheckDigit,
  entityCode,
  entityFromCurpState,
  findDates,
  findEntityInText,
  isPlausiblePlate,
  mrzCheckDigit,
  normalizePlate,
  parseDate,
  validateClaveElector,
  validateCurp,
  validateRfc,
  validateVin,
  vinCheckDigit,
  vinMatches,
} from '../../src/domain/validators/index.js';

describe('validateVin', () => {
  it.each([
    ['valid North American VIN (domain facts)', '1M8GDM9AXKP042788', { valid: true, checkDigitValid: true, reason: null, warning: false }],
    [
      'bad check digit on a North American WMI rejects',
      '1M8GDM9AYKP042788',
      { valid: false, checkDigitValid: false, reason: 'check_digit' },
    ],
    ['Mexican-built (WMI 3) follows the check digit', '3VWFE21C04M000001', { valid: true, checkDigitValid: true }],
    ['Mexican-built with a wrong check digit rejects', '3N1CN8AE0RK812345', { valid: false, reason: 'check_digit' }],
    [
      'WMI outside 1–5: bad check digit is only a warning',
      'WVWZZZ1JZXW000001',
      { valid: true, checkDigitValid: false, reason: 'check_digit', warning: true },
    ],
    ['I is never in a VIN', '1M8GDM9AXKP04278I', { valid: false, reason: 'alphabet' }],
    ['O is never in a VIN', '1M8GDM9AXKP0427O8', { valid: false, reason: 'alphabet' }],
    ['Q is never in a VIN', 'Q M8GDM9AXKP042788', { valid: false, reason: 'alphabet' }],
    ['16 characters is not a VIN', '1M8GDM9AXKP04278', { valid: false, reason: 'length' }],
    ['empty', '', { valid: false, reason: 'empty' }],
    ['lowercase and separators are normalized', '1m8-gdm9ax kp042788', { valid: true, normalized: '1M8GDM9AXKP042788' }],
  ])('%s', (_name, vin, expected) => {
    expect(validateVin(vin)).toMatchObject(expected);
  });

  it('computes X as the check digit for remainder 10', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('answers invalid for non-strings', () => {
    expect(validateVin(undefined)).toMatchObject({ valid: false, reason: 'empty' });
  });
});

describe('vinMatches (contract 4.5 rule 1: suffix)', () => {
  it.each([
    ['last 8 characters match', 'KP042788', '1M8GDM9AXKP042788', true],
    ['full VIN matches itself', '1M8GDM9AXKP042788', '1m8gdm9axkp042788', true],
    ['prefix does not match', '1M8GDM9A', '1M8GDM9AXKP042788', false],
    ['different suffix does not match', 'KP042789', '1M8GDM9AXKP042788', false],
    ['empty partial never matches', '', '1M8GDM9AXKP042788', false],
    ['longer than the full VIN does not match', '01M8GDM9AXKP042788', '1M8GDM9AXKP042788', false],
  ])('%s', (_name, partial, full, expected) => {
    expect(vinMatches(partial, full)).toBe(expected);
  });
});

describe('validateCurp', () => {
  it.each([
    ['valid CURP (domain facts)', 'HEGG560427MVZRRL04', { valid: true, birthDate: '27/04/1956', sex: 'M', state: 'VZ' }],
    ['wrong check digit (domain facts)', 'BOXW310820HNERXN08', { valid: false, reason: 'check_digit', state: 'NE' }],
    ['second letter must be a vowel or X', 'HBGG560427MVZRRL04', { valid: false, reason: 'pattern' }],
    ['sex must be H or M', 'HEGG560427XVZRRL04', { valid: false, reason: 'pattern' }],
    ['date must be real (31 February)', 'HEGG560231MVZRRL04', { valid: false, reason: 'date' }],
    ['state code must exist', 'HEGG560427MXXRRL04', { valid: false, reason: 'state' }],
    ['born from 2000 on: letter in position 17', 'PELJ050101HDFRPNA', { valid: false, reason: 'pattern' }],
    ['empty', '', { valid: false, reason: 'empty' }],
  ])('%s', (_name, curp, expected) => {
    expect(validateCurp(curp)).toMatchObject(expected);
  });

  it('reads a 2000s birth year from a letter in position 17', () => {
    const stem = 'PELJ050101HDFRPNA';
    const curp = stem + curpCheckDigit(stem + '0');
    expect(validateCurp(curp)).toMatchObject({ valid: true, birthDate: '01/01/2005' });
  });
});

describe('validateRfc', () => {
  it.each([
    ['persona moral, 12 characters', 'AVM9203175R5', { valid: true, personType: 'moral', checksumValid: true, generic: null }],
    ['persona física, 13 characters', 'PELJ800101A14', { valid: true, personType: 'fisica', checksumValid: true }],
    ['SAT test RFC', 'EKU9003173C9', { valid: true, personType: 'moral', checksumValid: true }],
    ['checksum mismatch never rejects', 'PELJ800101A19', { valid: true, checksumValid: false }],
    ['generic national RFC is flagged', 'XAXX010101000', { valid: true, generic: 'national' }],
    ['generic foreign RFC is flagged', 'XEXX010101000', { valid: true, generic: 'foreign' }],
    ['date must be real', 'PELJ801301A14', { valid: false, reason: 'date' }],
    ['a física RFC cut to 12 characters', 'PELJ800101A1', { valid: false, reason: 'pattern' }],
    ['digits where letters go', 'P3LJ800101A14', { valid: false, reason: 'pattern' }],
    ['last character is a digit or A', 'PELJ800101A1Z', { valid: false, reason: 'pattern' }],
    ['empty', '', { valid: false, reason: 'empty' }],
  ])('%s', (_name, rfc, expected) => {
    expect(validateRfc(rfc)).toMatchObject(expected);
  });
});

describe('normalizePlate (contract 2.4)', () => {
  it.each([
    ['dashes', 'ABC-12-34', 'ABC1234'],
    ['spaces and lowercase', ' abc 123 a ', 'ABC123A'],
    ['dots', 'MBC.12.34', 'MBC1234'],
  ])('%s', (_name, raw, expected) => {
    expect(normalizePlate(raw)).toBe(expected);
  });

  it.each([
    ['ABC1234', true],
    ['ABC123A', true],
    ['1234', false],
    ['ABCDEFG', false],
    ['ABC12345678', false],
  ])('%s plausible: %s', (plate, expected) => {
    expect(isPlausiblePlate(plate)).toBe(expected);
  });
});

describe('entityCode', () => {
  it.each([
    ['Estado de México', 'MEX'],
    ['EDOMEX', 'MEX'],
    ['Edo. Mex.', 'MEX'],
    ['MÉXICO', 'MEX'],
    ['CDMX', 'CMX'],
    ['Ciudad de México', 'CMX'],
    ['D.F.', 'CMX'],
    ['Distrito Federal', 'CMX'],
    ['N.L.', 'NLE'],
    ['Nuevo León', 'NLE'],
    ['Jalisco', 'JAL'],
    ['jal', 'JAL'],
    ['Gobierno del Estado de Jalisco', 'JAL'],
    ['Baja California Sur', 'BCS'],
    ['Baja California', 'BCN'],
    ['Q. Roo', 'ROO'],
    ['Michoacán de Ocampo', 'MIC'],
    ['S.L.P.', 'SLP'],
    ['Veracruz de Ignacio de la Llave', 'VER'],
    ['Texas', null],
    ['', null],
  ])('%s → %s', (text, code) => {
    expect(entityCode(text)).toBe(code);
  });

  it('maps every one of the 32 codes to itself', () => {
    const codes = [
      ...['AGU', 'BCN', 'BCS', 'CAM', 'CHH', 'CHP', 'CMX', 'COA', 'COL', 'DUR', 'GRO', 'GUA', 'HID', 'JAL', 'MEX', 'MIC'],
      ...['MOR', 'NAY', 'NLE', 'OAX', 'PUE', 'QUE', 'ROO', 'SIN', 'SLP', 'SON', 'TAB', 'TAM', 'TLA', 'VER', 'YUC', 'ZAC'],
    ];
    for (const code of codes) {
      expect(entityCode(code)).toBe(code);
    }
  });

  it.each([
    ['GOBIERNO DEL ESTADO DE MÉXICO\nSECRETARÍA DE FINANZAS', 'MEX'],
    ['GOBIERNO DE LA CIUDAD DE MÉXICO', 'CMX'],
    ['SECRETARÍA DE FINANZAS DE PUEBLA', 'PUE'],
    ['ESTADOS UNIDOS MEXICANOS\nINSTITUTO NACIONAL ELECTORAL\nMÉXICO', null],
    ['Recibo emitido en Monterrey, Nuevo León', 'NLE'],
  ])('finds the entity in free text %#', (text, code) => {
    expect(findEntityInText(text)).toBe(code);
  });

  it('maps CURP birth-state codes', () => {
    expect(entityFromCurpState('VZ')).toBe('VER');
    expect(entityFromCurpState('NE')).toBeNull();
  });
});

describe('parseDate → DD/MM/YYYY', () => {
  it.each([
    ['ISO date', '2024-03-12', '12/03/2024'],
    ['ISO date-time (CFDI Fecha)', '2024-03-12T10:15:30', '12/03/2024'],
    ['DD/MM/YYYY', '12/03/2024', '12/03/2024'],
    ['D/M/YYYY', '5/3/2024', '05/03/2024'],
    ['DD-MM-YYYY', '12-03-2024', '12/03/2024'],
    ['DD.MM.YYYY', '12.03.2024', '12/03/2024'],
    ['long Spanish form', '12 de marzo de 2024', '12/03/2024'],
    ['long Spanish form with accents and DEL', '1 DE SEPTIEMBRE DEL 2023', '01/09/2023'],
    ['abbreviated month', '12-MAR-2024', '12/03/2024'],
    ['month first', 'marzo 12, 2024', '12/03/2024'],
    ['date inside a sentence', 'Pagado el 15/01/2023 en ventanilla', '15/01/2023'],
    ['impossible day', '31/02/2024', undefined],
    ['leap day', '29/02/2024', '29/02/2024'],
    ['not a leap year', '29/02/2023', undefined],
    ['no date', 'sin fecha', undefined],
  ])('%s', (_name, text, expected) => {
    expect(parseDate(text)).toBe(expected);
  });

  it('finds every date in order', () => {
    expect(findDates('Expedición 2023-01-15, vigencia 15/01/2026').map((d) => d.date)).toEqual(['15/01/2023', '15/01/2026']);
  });

  it('places each date at its offset in the text as given, accents decomposed or not', () => {
    // 'ó' written as 'o' + a combining accent (NFD, as some PDF text layers give it).
    for (const text of ['Expedición: 12 de marzo de 2024', 'Expedicio\u0301n: 12 de marzo de 2024']) {
      const [found] = findDates(text);
      expect(text.slice(found.index, found.index + found.length)).toBe('12 de marzo de 2024');
    }
  });
});

describe('clave de elector and MRZ check digits', () => {
  it.each([
    ['valid', 'HRGRGL56042730M800', { valid: true }],
    ['sex must be H or M', 'HRGRGL56042730X800', { valid: false, reason: 'pattern' }],
    ['date must be real', 'HRGRGL56133030M800', { valid: false, reason: 'date' }],
    ['17 characters', 'HRGRGL56042730M80', { valid: false, reason: 'pattern' }],
  ])('clave de elector: %s', (_name, clave, expected) => {
    expect(validateClaveElector(clave)).toMatchObject(expected);
  });

  it('computes ICAO 7-3-1 check digits', () => {
    // ICAO 9303 specimen: document number L898902C3 → 6, birth 740812 → 2.
    expect(mrzCheckDigit('L898902C3')).toBe('6');
    expect(mrzCheckDigit('740812')).toBe('2');
    expect(mrzCheckDigit('<<<')).toBe('0');
  });
});
