import { describe, expect, it } from 'vitest';
import { primaryVin, type VinSourceDocument } from './vins.js';

const v = (vin: string, type: string | null, valid = true): VinSourceDocument => ({
  file_id: vin + type,
  document_type: type,
  vin,
  check_digit_valid: valid,
  complete: vin.length === 17,
  valid: valid && vin.length === 17,
});

describe('primary VIN', () => {
  it.each<[string, VinSourceDocument[], string | null]>([
    [
      'the invoice VIN wins over more frequent ones',
      [v('AAAAAAAAAAAAAAAA1', 'tenencia'), v('AAAAAAAAAAAAAAAA1', 'repuve'), v('BBBBBBBBBBBBBBBB2', 'factura')],
      'BBBBBBBBBBBBBBBB2',
    ],
    [
      'the newest invoice wins among invoices',
      [v('CCCCCCCCCCCCCCCC3', 'factura_xml'), v('BBBBBBBBBBBBBBBB2', 'invoice')],
      'CCCCCCCCCCCCCCCC3',
    ],
    [
      'without an invoice, the most frequent valid VIN',
      [v('AAAAAAAAAAAAAAAA1', 'tenencia'), v('BBBBBBBBBBBBBBBB2', 'repuve'), v('BBBBBBBBBBBBBBBB2', 'certificate_title')],
      'BBBBBBBBBBBBBBBB2',
    ],
    [
      'an invalid check digit does not count',
      [v('AAAAAAAAAAAAAAAA1', 'tenencia', false), v('AAAAAAAAAAAAAAAA1', 'repuve', false), v('BBBBBBBBBBBBBBBB2', 'repuve')],
      'BBBBBBBBBBBBBBBB2',
    ],
    [
      'a valid VIN elsewhere wins over an invoice VIN its check digit refuses',
      [v('AAAAAAAAAAAAAAAA1', 'invoice', false), v('BBBBBBBBBBBBBBBB2', 'certificate_title')],
      'BBBBBBBBBBBBBBBB2',
    ],
    [
      'a valid invoice VIN wins over a newer invoice VIN its check digit refuses',
      [v('AAAAAAAAAAAAAAAA1', 'invoice', false), v('BBBBBBBBBBBBBBBB2', 'factura')],
      'BBBBBBBBBBBBBBBB2',
    ],
    [
      'with every VIN refused, the invoice VIN still names the vehicle',
      [v('AAAAAAAAAAAAAAAA1', 'repuve', false), v('BBBBBBBBBBBBBBBB2', 'invoice', false)],
      'BBBBBBBBBBBBBBBB2',
    ],
    ['a partial VIN never becomes primary', [v('42788', 'tenencia')], null],
    ['an invoice with a partial VIN does not win', [v('42788', 'factura'), v('BBBBBBBBBBBBBBBB2', 'repuve')], 'BBBBBBBBBBBBBBBB2'],
    ['no VIN at all', [], null],
  ])('%s', (_name, docs, expected) => expect(primaryVin(docs)).toBe(expected));
});
