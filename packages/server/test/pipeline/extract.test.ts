import { describe, expect, it } from 'vitest';
import { extractParsedData, sanitizeParsedData } from '../../src/pipeline/index.js';

// What extraction does whatever the document: the per-family readers are in extractVehicleDocuments,
// extractInvoice and extractIdentity.
describe('extractParsedData', () => {
  it('keeps only a check-digit-valid VIN in a vehicle context for types without an extractor', () => {
    expect(extractParsedData('bank_account', 'ESTADO DE CUENTA\nCREDITO AUTOMOVIL 3VWFE21C04M000001 3N1CN8AE0RK812345')).toEqual({
      vin: '3VWFE21C04M000001',
    });
    // Check digit right, but nothing says it is a vehicle's: a reference number, not a VIN.
    expect(extractParsedData('bank_account', 'ESTADO DE CUENTA\nREFERENCIA 3VWFE21C04M000001')).toEqual({});
    expect(extractParsedData(null, 'nada útil')).toEqual({});
  });

  it('returns the OCR parsed_data (CFDI, fixtures) sanitized instead of extracting', () => {
    const data = extractParsedData('tax_payment', 'PLACA: ABC1234', {
      parsed_data: { placa: 'XYZ9876', fecha_pago: '1 de enero', extra: 1 },
    });
    expect(data).toEqual({ placa: 'XYZ9876', extra: 1 });
  });

  it('returns {} for empty text, never null values', () => {
    expect(extractParsedData('certificate_title', '')).toEqual({});
  });
});

describe('sanitizeParsedData', () => {
  it('normalizes plates and VINs and drops days that do not exist (OCR fixtures write through it)', () => {
    expect(
      sanitizeParsedData({
        placa: 'abc-12.34',
        vin: '3vwfe21c04m000001',
        fecha_documento: '31/02/2024',
        fecha_pago: '29/02/2024',
        endosos: [{ de: 'A', a: 'B', fecha: '30/02/2020' }],
      }),
    ).toEqual({ placa: 'ABC1234', vin: '3VWFE21C04M000001', fecha_pago: '29/02/2024' });
    expect(sanitizeParsedData({ placa: ' - ', vin: 'x' })).toEqual({ vin: 'X' });
  });

  it('drops values that do not fit the vocabulary types and nulls, keeps unknown keys', () => {
    expect(
      sanitizeParsedData({
        vin: '3VWFE21C04M000001',
        entidad: 'Atlántida',
        fecha_documento: '2024-13-01',
        monto_total: 'cuatrocientos mil',
        ejercicio_fiscal: [2023, 2024.5],
        anio_modelo: '2020a',
        endosos: [{ de: 'A', a: 'B', fecha: '01/01/2020' }],
        propietario: null,
        folio: '',
        custom_key: 'kept',
      }),
    ).toEqual({ vin: '3VWFE21C04M000001', endosos: [{ de: 'A', a: 'B', fecha: '01/01/2020' }], custom_key: 'kept' });
  });

  it('reads entity names, numbers written as text and ISO days in the form of the vocabulary', () => {
    expect(
      sanitizeParsedData({
        entidad: 'Estado de México',
        fecha_documento: '2024-01-31',
        fecha_pago: ' 2024-02-29 ',
        monto_total: '$406,000.50',
        total: '1850',
        ejercicio_fiscal: ['2023', 2024],
        anio_modelo: ' 2020 ',
      }),
    ).toEqual({
      entidad: 'MEX',
      fecha_documento: '31/01/2024',
      fecha_pago: '29/02/2024',
      monto_total: 406000.5,
      total: 1850,
      ejercicio_fiscal: [2023, 2024],
      anio_modelo: 2020,
    });
    expect(sanitizeParsedData({ entidad: 'edomex', ejercicio_fiscal: '2024' })).toEqual({ entidad: 'MEX', ejercicio_fiscal: 2024 });
    // Endorsements one by one: an ISO date is read, one without a real date is dropped alone.
    expect(
      sanitizeParsedData({
        fecha_nacimiento: '1980-01-02',
        endosos: [
          { de: 'A', a: 'B', fecha: '01/01/2020' },
          { de: 'B', a: 'C', fecha: '2021-02-03' },
          { de: 'C', a: 'D', fecha: null },
          'E a F',
        ],
      }),
    ).toEqual({
      fecha_nacimiento: '02/01/1980',
      endosos: [
        { de: 'A', a: 'B', fecha: '01/01/2020' },
        { de: 'B', a: 'C', fecha: '03/02/2021' },
      ],
    });
  });
});
