import { describe, expect, it } from 'vitest';
import { curpFor, validateCurp } from '../../src/domain/validators/curp.js';
import { syntheticSatCfdi } from '../../src/providers/synthetic/fiscal.js';
import { syntheticIne } from '../../src/providers/synthetic/person.js';

describe('synthetic SAT CFDI answers', () => {
  // Keys whose synthetic answer is a record (about one in ten is "not found").
  const found = (keys: string[]) => keys.map((k) => ({ k, out: syntheticSatCfdi(k, {}) })).filter((x) => !('not_found' in x.out));

  it('echo a folio fiscal key in upper case', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a${String(i).padStart(2, '0')}`);
    for (const { k, out } of found(keys)) expect((out.result as { folioFiscal: string }).folioFiscal).toBe(k.toUpperCase());
  });

  it('name no folio fiscal for an RFC-pair key (an invoice without a UUID), never an invented one', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `AAA010101AA${i % 10}|GODE561231GR8`);
    const hits = found(keys);
    expect(hits.length).toBeGreaterThan(10);
    for (const { out } of hits) expect((out.result as { folioFiscal: unknown }).folioFiscal).toBeNull();
  });

  it.each([
    ['I', 'Ingreso'],
    ['E', 'Egreso'],
    ['T', 'Traslado'],
    ['N', 'Nómina'],
    ['P', 'Pago'],
    ['ingreso', 'Ingreso'],
    ['egreso', 'Egreso'],
    [undefined, null],
  ])('word the effect of TipoDeComprobante %s as %s', (tipo, effect) => {
    const [{ k }] = found(['6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A00', '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A01']);
    expect((syntheticSatCfdi(k, { tipo_comprobante: tipo }).result as { efectoComprobante: unknown }).efectoComprobante).toBe(effect);
  });
});

describe('synthetic INE answers', () => {
  it('carry a CURP that passes the domain rules and agrees with the card (domain-facts: CURP)', () => {
    for (let i = 0; i < 200; i++) {
      const { data } = syntheticIne(`front-${i}`) as { data: Record<string, string> };
      const curp = validateCurp(data.curp);
      expect(curp, data.curp).toMatchObject({ valid: true, birthDate: data.birth_date, sex: data.gender === 'MUJER' ? 'M' : 'H' });
      expect(data.curp.slice(0, 4)).toBe(`${data.first_last_name[0]}${data.curp[1]}${data.second_last_name[0]}${data.names[0]}`);
    }
  });

  it('spell the CURP of a known person as RENAPO does', () => {
    // domain-facts' valid example HEGG560427MVZRRL04: HERNANDEZ GARCIA GLORIA, 27/04/1956, Veracruz.
    expect(
      curpFor({
        names: 'GLORIA',
        paternal: 'HERNANDEZ',
        maternal: 'GARCIA',
        year: 1956,
        month: 4,
        day: 27,
        sex: 'M',
        state: 'VZ',
        differentiator: 0,
      }),
    ).toBe('HEGG560427MVZRRL04');
  });
});
