import { describe, expect, it } from 'vitest';
import { mainPlate } from './mainPlate.js';

const p = (plate: string, document_date: string) => ({ plate, document_date });

describe('main plate (contract §4.7)', () => {
  it.each<[string, { plate: string; document_date: string }[], string | null]>([
    [
      'the extracted plate with the most recent document_date is the main plate',
      [p('OLD1111', '01/01/2020'), p('NEW2222', '15/03/2024'), p('MID3333', '31/12/2022')],
      'NEW2222',
    ],
    ['plates without a date do not compete', [p('UND1111', ''), p('DAT2222', '01/01/2019')], 'DAT2222'],
    ['if none has a date, the first legible plate wins', [p('??', ''), p('FIR1111', ''), p('SEC2222', '')], 'FIR1111'],
    ['null when no plate is legible', [p('X', '01/01/2024'), p('', '')], null],
    ['an illegible plate does not win even with the most recent date', [p('#', '01/01/2025'), p('LEG1111', '01/01/2020')], 'LEG1111'],
    ['on the same date the first plate given wins', [p('ONE1111', '01/01/2024'), p('TWO2222', '01/01/2024')], 'ONE1111'],
    ['a plate with Ñ is legible like any plate the API publishes', [p('ÑBC123', '01/01/2024'), p('ABC1234', '')], 'ÑBC123'],
  ])('%s', (_name, plates, expected) => {
    expect(mainPlate(plates)?.plate ?? null).toBe(expected);
  });
});
