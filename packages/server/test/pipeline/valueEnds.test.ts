import { describe, expect, it } from 'vitest';
import { cleanName } from '../../src/pipeline/extractors/fields.js';
import { clean } from '../../src/pipeline/text.js';

// Specks a scan reads at a value's ends (docs/rules.md, "Values read from scans").
describe("a value's ends on a scan", () => {
  it.each([
    ['NISSAN *', 'NISSAN'],
    ['* 2025', '2025'],
    [') RODRÍGUEZ', 'RODRÍGUEZ'],
    ['ARRENDADORA ÁLAMOS .', 'ARRENDADORA ÁLAMOS'],
    ['NUEVO LAREDO, TAMPS.', 'NUEVO LAREDO, TAMPS.'],
    ['AUTOS DEL NORTE, S.A. DE C.V.', 'AUTOS DEL NORTE, S.A. DE C.V.'],
    ['(SIN PLACAS)', '(SIN PLACAS)'],
    ['|2025', '2025'],
  ])('%s → %s', (read, value) => {
    expect(clean(read)).toBe(value);
  });

  it.each([
    ['e LÓPEZ', 'LÓPEZ'],
    ['ROMERO .', 'ROMERO'],
    ['MUÑOZ .', 'MUÑOZ'],
    ['SERVICIOS CONTABLES MUÑOZ 8 NÚÑEZ', 'SERVICIOS CONTABLES MUÑOZ & NÚÑEZ'],
    // A lower-case word belongs to a name written in lower case.
    ['e Motors de México', 'E MOTORS DE MÉXICO'],
  ])('a name: %s → %s', (read, value) => {
    expect(cleanName(read)?.toUpperCase()).toBe(value);
  });
});
