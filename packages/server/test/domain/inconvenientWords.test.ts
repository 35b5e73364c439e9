import { describe, expect, it } from 'vitest';
import {
  CURP_INCONVENIENT_WORDS,
  RFC_INCONVENIENT_WORDS,
  curpCheckDigit,
  curpFor,
  rfcCheckDigit,
  validateCurp,
  validateRfc,
} from '../../src/domain/validators/index.js';

/** A CURP whose check digit is right, so only its letters can make it invalid. */
const curpWith = (letters: string) => {
  const stem = `${letters}800512HDFCSN0`;
  return stem + curpCheckDigit(stem);
};
/** A persona física RFC whose homoclave checksum is right. */
const rfcWith = (letters: string) => {
  const stem = `${letters}800101AB`;
  return stem + rfcCheckDigit(stem);
};

describe('CURP palabras inconvenientes (RENAPO, Instructivo Normativo, anexo 2)', () => {
  it.each([
    ['valid example: OSCAR PEREZ DOMINGUEZ as RENAPO assigns it (PEDO → PXDO)', 'PXDO800101HDFRMS07', { valid: true, reason: null }],
    [
      'invalid example: the word itself was never assigned',
      'PEDO800101HDFRMS07',
      { valid: false, reason: 'inconvenient_word', birthDate: '01/01/1980', sex: 'H', state: 'DF' },
    ],
    ['BACA is replaced by BXCA (the first vowel)', 'BXCA800512HDFCSN05', { valid: true }],
    ['BACA itself', 'BACA800512HDFCSN03', { valid: false, reason: 'inconvenient_word' }],
    ['a word on the CURP list only (LOCO)', curpWith('LOCO'), { valid: false, reason: 'inconvenient_word' }],
    ['lowercase is read as uppercase', 'baca800512hdfcsn03', { valid: false, reason: 'inconvenient_word' }],
    ['a near word is no word (BACE)', curpWith('BACE'), { valid: true }],
    ['the word with a wrong check digit reads as the word', 'BACA800512HDFCSN04', { valid: false, reason: 'inconvenient_word' }],
  ])('%s', (_name, curp, expected) => {
    expect(validateCurp(curp)).toMatchObject(expected);
  });

  it('refuses every word of the annex (81) and accepts each with X for its second letter', () => {
    expect(CURP_INCONVENIENT_WORDS.size).toBe(81);
    for (const word of CURP_INCONVENIENT_WORDS) {
      expect(validateCurp(curpWith(word)), word).toMatchObject({ valid: false, reason: 'inconvenient_word' });
      expect(validateCurp(curpWith(`${word[0]}X${word.slice(2)}`)).valid, word).toBe(true);
    }
  });

  it('the CURP the sandbox spells for a person follows the rule', () => {
    const oscar = {
      names: 'OSCAR',
      paternal: 'PEREZ',
      maternal: 'DOMINGUEZ',
      year: 1980,
      month: 1,
      day: 1,
      sex: 'H' as const,
      state: 'DF',
      differentiator: 0,
    };
    expect(curpFor(oscar)).toBe('PXDO800101HDFRMS07');
  });
});

describe('RFC palabras inconvenientes (SAT, anexo IV)', () => {
  it.each([
    ['valid example: PEDO → PEDX for a persona física', 'PEDX800101ABA', { valid: true, personType: 'fisica', checksumValid: true }],
    [
      'invalid example: the word itself was never assigned',
      'PEDO800101AB1',
      { valid: false, reason: 'inconvenient_word', personType: 'fisica' },
    ],
    ['BUEY, in the annex', rfcWith('BUEY'), { valid: false, reason: 'inconvenient_word' }],
    ['CAKO and MEAS: in the annex though not in regla 9ª', rfcWith('CAKO'), { valid: false, reason: 'inconvenient_word' }],
    ['MEAS', rfcWith('MEAS'), { valid: false, reason: 'inconvenient_word' }],
    ['BACA is on the CURP list only: a valid RFC', rfcWith('BACA'), { valid: true }],
    ['a persona moral (3 letters) is not subject to the list', 'PED800101ABA', { valid: true, personType: 'moral' }],
    ['generic national RFC stays accepted', 'XAXX010101000', { valid: true, generic: 'national' }],
    ['generic foreign RFC stays accepted', 'XEXX010101000', { valid: true, generic: 'foreign' }],
    ['a wrong checksum still never rejects', 'PEDX800101AB1', { valid: true, checksumValid: false }],
  ])('%s', (_name, rfc, expected) => {
    expect(validateRfc(rfc)).toMatchObject(expected);
  });

  it('refuses every word of the annex (41), each also on the CURP list, and accepts the X form', () => {
    expect(RFC_INCONVENIENT_WORDS.size).toBe(41);
    for (const word of RFC_INCONVENIENT_WORDS) {
      expect(CURP_INCONVENIENT_WORDS.has(word), word).toBe(true);
      expect(validateRfc(rfcWith(word)), word).toMatchObject({ valid: false, reason: 'inconvenient_word' });
      expect(validateRfc(rfcWith(`${word.slice(0, 3)}X`)).valid, word).toBe(true);
    }
  });
});
