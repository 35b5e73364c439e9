import { describe, expect, it } from 'vitest';
import { platesFromDocuments } from './plates.js';
import { normalizePlate } from './validators/index.js';

const doc = (over: Partial<{ file_id: string; document_type: string | null; parsed_data: Record<string, unknown> }>) => ({
  file_id: 'f1',
  ocr_id: 'o1',
  document_type: 'certificate_title',
  parsed_data: {},
  ...over,
});

describe('plates from documents (contract §2.4)', () => {
  it.each([
    ['ABC-12-34', 'ABC1234'],
    ['abc 123 a', 'ABC123A'],
    ['N.L. 12.34', 'NL1234'],
    ['abc–12·34', 'ABC1234'],
    ['ÑAB\u00a012\u200b3', 'ÑAB123'],
  ])('normalizes %s to %s', (input, out) => expect(normalizePlate(input)).toBe(out));

  it('keeps only plate-bearing document types, mapping tenencia to tax_payment', () => {
    const rows = platesFromDocuments([
      doc({ file_id: 'a', document_type: 'factura', parsed_data: { placa: 'AAA1111' } }),
      doc({ file_id: 'b', document_type: 'tenencia', parsed_data: { placa: 'BBB2222', entidad: 'jal' } }),
      doc({ file_id: 'c', document_type: 'repuve', parsed_data: { placa: 'CCC3333', entidad: 'MEX' } }),
      doc({ file_id: 'd', document_type: null, parsed_data: { placa: 'DDD4444' } }),
    ]);
    expect(rows.map((r) => [r.file_id, r.document_type, r.entity])).toEqual([
      ['b', 'tax_payment', 'JAL'],
      ['c', 'repuve', 'MEX'],
    ]);
  });

  it('orders the newest document first and undated last, carrying niv, motor and owner', () => {
    const rows = platesFromDocuments([
      doc({ file_id: 'old', parsed_data: { placa: 'X1', fecha_documento: '01/02/2020' } }),
      doc({ file_id: 'none', parsed_data: { placa: 'X2' } }),
      doc({
        file_id: 'new',
        parsed_data: { placa: 'X3', fecha_documento: '31/12/2023', vin: '1m8gdm9axkp042788', numero_motor: 'M-1', propietario: 'Ana' },
      }),
    ]);
    expect(rows.map((r) => r.file_id)).toEqual(['new', 'old', 'none']);
    expect(rows[0]).toMatchObject({ niv: '1M8GDM9AXKP042788', motor_number: 'M-1', owner_name: 'Ana', document_date: '31/12/2023' });
    expect(rows[2]).toMatchObject({ document_date: '', niv: null, owner_name: null });
  });

  it('skips a document without a plate', () => {
    expect(platesFromDocuments([doc({ parsed_data: { placa: '  ' } })])).toEqual([]);
  });
});
