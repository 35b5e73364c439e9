import { describe, expect, it } from 'vitest';
import { PARSED_DATA_KEYS, parsedDataSchema } from './parsedData.js';

describe('parsed_data vocabulary', () => {
  it('accepts an empty object and keeps unknown keys', () => {
    expect(parsedDataSchema.parse({})).toEqual({});
    expect(parsedDataSchema.parse({ vin: 'KP042788', color: 'ROJO' })).toEqual({ vin: 'KP042788', color: 'ROJO' });
  });

  it('takes ejercicio_fiscal as an integer or a list of integers', () => {
    expect(parsedDataSchema.safeParse({ ejercicio_fiscal: 2024 }).success).toBe(true);
    expect(parsedDataSchema.safeParse({ ejercicio_fiscal: [2023, 2024] }).success).toBe(true);
    expect(parsedDataSchema.safeParse({ ejercicio_fiscal: 2024.5 }).success).toBe(false);
    expect(parsedDataSchema.safeParse({ ejercicio_fiscal: '2024' }).success).toBe(false);
  });

  it('types endorsements as {de, a, fecha}', () => {
    expect(parsedDataSchema.safeParse({ endosos: [{ de: 'A', a: 'B', fecha: '01/02/2020' }] }).success).toBe(true);
    expect(parsedDataSchema.safeParse({ endosos: [{ de: 'A', a: 'B', fecha: '2020-02-01' }] }).success).toBe(false);
    expect(parsedDataSchema.safeParse({ endosos: [{ de: 'A' }] }).success).toBe(false);
  });

  it.each([
    ['monto_total as a string', { monto_total: '350000' }],
    ['fecha_emision not DD/MM/YYYY', { fecha_emision: '2024-01-31' }],
    ['folio_fiscal not a UUID', { folio_fiscal: 'ABC' }],
    ['entidad outside the entity codes', { entidad: 'EDOMEX' }],
    ['anio_modelo not an integer', { anio_modelo: '2020' }],
    ['ano_vehiculo not an integer', { ano_vehiculo: 2020.1 }],
    ['total as a string', { total: '1,234.50' }],
  ])('rejects %s', (_label, data) => {
    expect(parsedDataSchema.safeParse(data).success).toBe(false);
  });

  it('lists every key of the vocabulary table', () => {
    expect(PARSED_DATA_KEYS).toHaveLength(30);
    expect(PARSED_DATA_KEYS).toContain('ejercicio_fiscal');
    expect(PARSED_DATA_KEYS).toContain('fecha_nacimiento');
  });
});
