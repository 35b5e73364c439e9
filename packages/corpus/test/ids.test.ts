import { describe, expect, it } from 'vitest';
import { buildIne } from '../src/cards/ine.js';
import { makePerson } from '../src/data/people.js';
import { makeVehicle } from '../src/data/vehicles.js';
import { CURP_PATTERN, curpCheckDigit, isValidCurp } from '../src/ids/curp.js';
import { CLAVE_ELECTOR_PATTERN, mrzCheckDigit } from '../src/ids/ine.js';
import { isInconvenient } from '../src/ids/inconvenient.js';
import { makePedimento } from '../src/ids/pedimento.js';
import { RFC_PATTERN } from '../src/ids/rfc.js';
import { isValidVin, vinCheckDigit } from '../src/ids/vin.js';
import { createRng } from '../src/random.js';

const isRealDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

describe('check digits against published examples', () => {
  it('VIN (domain facts)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('1M8GDM9AYKP042788')).toBe(false);
  });

  it('CURP (domain facts)', () => {
    expect(isValidCurp('HEGG560427MVZRRL04')).toBe(true);
    expect(curpCheckDigit('BOXW310820HNERXN0')).not.toBe('8');
    expect(isValidCurp('BOXW310820HNERXN08')).toBe(false);
  });

  it('MRZ (ICAO 9303 specimen: L898902C3 → 6, 740812 → 2, 120415 → 9)', () => {
    expect(mrzCheckDigit('L898902C3')).toBe('6');
    expect(mrzCheckDigit('740812')).toBe('2');
    expect(mrzCheckDigit('120415')).toBe('9');
  });
});

describe('generated identifiers', () => {
  const rng = createRng('ids-test');

  it('VINs: 17 characters of the VIN alphabet with a valid check digit', () => {
    for (let i = 0; i < 300; i++) {
      const v = makeVehicle(rng, { imported: i % 3 === 0 });
      expect(v.vin, v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vinCheckDigit(v.vin), v.vin).toBe(v.vin[8]);
    }
  });

  it('people: CURP with check digit, real birth date and no inconvenient word; RFC shape; clave de elector shape', () => {
    for (let i = 0; i < 300; i++) {
      const p = makePerson(rng);
      const { y, m, d } = p.nacimiento;
      expect(isRealDay(y, m, d)).toBe(true);
      expect(p.curp, p.curp).toMatch(CURP_PATTERN);
      expect(curpCheckDigit(p.curp), p.curp).toBe(p.curp[17]);
      expect(p.curp.slice(4, 10)).toBe(`${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`);
      // The differentiator is a digit before 2000 and a letter from 2000.
      expect(/\d/.test(p.curp[16])).toBe(y < 2000);
      expect(isInconvenient(p.curp)).toBe(false);
      expect(p.rfc, p.rfc).toMatch(RFC_PATTERN);
      expect(p.rfc).toHaveLength(13);
      expect(p.rfc.slice(4, 10)).toBe(p.curp.slice(4, 10));
      expect(p.claveElector, p.claveElector).toMatch(CLAVE_ELECTOR_PATTERN);
    }
  });

  it('INE backs: three 30-character MRZ lines whose check digits hold', () => {
    for (let i = 0; i < 100; i++) {
      const card = buildIne(rng);
      const [l1, l2, l3] = card.mrz;
      for (const line of card.mrz) expect(line).toMatch(/^[A-Z0-9<]{30}$/);
      expect(l1.startsWith('IDMEX')).toBe(true);
      expect(mrzCheckDigit(l1.slice(5, 14))).toBe(l1[14]);
      expect(mrzCheckDigit(l2.slice(0, 6))).toBe(l2[6]);
      expect(mrzCheckDigit(l2.slice(8, 14))).toBe(l2[14]);
      expect(mrzCheckDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29))).toBe(l2[29]);
      expect(l2.slice(0, 6)).toBe(card.person.curp.slice(4, 10));
      expect(
        l3.startsWith(
          `${card.person.paterno
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .replace(/Ñ/g, 'N')}<`,
        ),
      ).toBe(true);
    }
  });

  it('pedimentos: 15 digits, the 21-character form with two spaces, the sequence led by the year', () => {
    for (let i = 0; i < 100; i++) {
      const p = makePedimento(rng, 2024);
      expect(p.digits).toMatch(/^\d{15}$/);
      expect(p.formatted).toMatch(/^\d{2} {2}\d{2} {2}\d{4} {2}\d{7}$/);
      expect(p.formatted.replace(/ /g, '')).toBe(p.digits);
      expect(p.digits.slice(0, 2)).toBe('24');
      expect(p.digits.slice(2, 4)).toBe(p.aduana.code);
      expect(p.digits[8]).toBe('4');
    }
  });
});
