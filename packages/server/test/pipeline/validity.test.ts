import { describe, expect, it } from 'vitest';
import { computeValidity, isValidityProblem, ownerInfo } from '../../src/pipeline/index.js';
import { fixtureText } from './helpers.js';

const TEXT = 'some text';

describe('computeValidity', () => {
  it.each([
    ['valid invoice', 'invoice', { vin: '3VWFE21C04M000001', rfc_emisor: 'AVM9203175R5', monto_total: 1 }, 'valid', []],
    ['no text and nothing extracted', 'invoice', {}, 'unreadable', ['NO_TEXT'], ''],
    ['unclassified', null, {}, 'unknown', ['UNCLASSIFIED']],
    ['"unknown" type counts as unclassified', 'unknown', {}, 'unknown', ['UNCLASSIFIED']],
    ['VIN check digit invalid', 'repuve', { vin: '3N1CN8AE0RK812345' }, 'invalid', ['VIN_CHECK_DIGIT_INVALID']],
    ['VIN with I, O or Q', 'repuve', { vin: '3N1CN8AE0RK81234O' }, 'invalid', ['VIN_INVALID']],
    ['non-North-American VIN check digit is a warning', 'repuve', { vin: 'WVWZZZ1JZXW000001' }, 'valid', ['VIN_CHECK_DIGIT_WARNING']],
    [
      'partial VIN on a receipt is information',
      'tax_payment',
      { vin: 'RK812345', placa: 'MBC1234', ejercicio_fiscal: 2024 },
      'valid',
      ['VIN_PARTIAL'],
    ],
    ['CURP check digit invalid', 'curp', { curp: 'BOXW310820HNERXN08' }, 'invalid', ['CURP_CHECK_DIGIT_INVALID']],
    ['CURP malformed', 'curp', { curp: 'HEGG560231MVZRRL04' }, 'invalid', ['CURP_INVALID']],
    ['RFC malformed', 'invoice', { vin: '3VWFE21C04M000001', rfc_emisor: 'AVM9213175R5', monto_total: 1 }, 'invalid', ['RFC_INVALID']],
    [
      'generic RFC is a warning',
      'invoice',
      { vin: '3VWFE21C04M000001', rfc_emisor: 'AVM9203175R5', rfc_receptor: 'XAXX010101000', monto_total: 1 },
      'valid',
      ['RFC_GENERIC'],
    ],
    [
      'foreign RFC is a warning',
      'invoice',
      { vin: '3VWFE21C04M000001', rfc_emisor: 'AVM9203175R5', rfc_receptor: 'XEXX010101000', monto_total: 1 },
      'valid',
      ['RFC_FOREIGN'],
    ],
    [
      'RFC checksum mismatch never rejects',
      'invoice',
      { vin: '3VWFE21C04M000001', rfc_emisor: 'AVM9203175R9', monto_total: 1 },
      'valid',
      ['RFC_CHECKSUM_MISMATCH'],
    ],
    [
      'clave de elector malformed',
      'ine',
      { nombre: 'A', apellido_paterno: 'B', clave_elector: 'HRGRGL56042730X800' },
      'invalid',
      ['CLAVE_ELECTOR_INVALID'],
    ],
    ['unusual plate is a warning', 'vehicle_plate', { placa: '12' }, 'valid', ['PLATE_UNUSUAL']],
    ['missing fields name each field', 'tax_payment', { placa: 'MBC1234' }, 'incomplete', ['MISSING_FIELDS', 'MISSING_EJERCICIO_FISCAL']],
    [
      'a failed check outranks missing fields',
      'certificate_title',
      { vin: '3N1CN8AE0RK812345' },
      'invalid',
      ['VIN_CHECK_DIGIT_INVALID', 'MISSING_FIELDS', 'MISSING_PLACA'],
    ],
  ] as const)('%s', (_name, type, parsed_data, document_validity, codes, text: string = TEXT) => {
    const v = computeValidity({ type, parsed_data, text });
    expect(v.document_validity).toBe(document_validity);
    expect(v.codes).toEqual(codes);
  });

  it('adds FILE_UNREADABLE when the engine reported an error', () => {
    const v = computeValidity({ type: null, parsed_data: {}, text: '', json_ocr: { error: 'unreadable_pdf' } });
    expect(v).toEqual({ document_validity: 'unreadable', codes: ['NO_TEXT', 'FILE_UNREADABLE'], userInfo: {} });
  });

  it('checks the INE MRZ and, with an injected clock, its expiry', () => {
    const text = fixtureText('ine-front-back.txt');
    const data = { nombre: 'GLORIA', apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'GARCÍA', curp: 'HEGG560427MVZRRL04' };
    expect(computeValidity({ type: 'ine', parsed_data: data, text, today: new Date('2030-01-01') })).toEqual({
      document_validity: 'valid',
      codes: [],
      userInfo: { nombre: 'GLORIA HERNÁNDEZ GARCÍA', curp: 'HEGG560427MVZRRL04' },
    });
    expect(computeValidity({ type: 'ine', parsed_data: data, text, today: new Date('2034-01-01') }).codes).toEqual(['ID_EXPIRED']);
    const tampered = text.replace('5604274F', '5604275F');
    expect(computeValidity({ type: 'ine', parsed_data: data, text: tampered }).codes).toEqual(['MRZ_CHECK_INVALID']);
  });

  it('without the MRZ, reads the expiry from the VIGENCIA printed on the front (valid through 31 December)', () => {
    const front = fixtureText('ine-front-back.txt')
      .split('\n')
      .filter((l) => !/^(IDMEX|\d{7}[MF]|[A-Z<]+<<)/.test(l))
      .join('\n');
    const data = { nombre: 'GLORIA', apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'GARCÍA', curp: 'HEGG560427MVZRRL04' };
    const expired = front.replace('VIGENCIA 2023 - 2033', 'VIGENCIA 2013 - 2023');
    expect(computeValidity({ type: 'ine', parsed_data: data, text: expired, today: new Date('2026-11-24') })).toMatchObject({
      document_validity: 'invalid',
      codes: ['ID_EXPIRED'],
    });
    expect(
      computeValidity({
        type: 'id_front',
        parsed_data: data,
        text: 'INSTITUTO NACIONAL ELECTORAL VIGENCIA 2025',
        today: new Date('2026-01-01'),
      }).codes,
    ).toContain('ID_EXPIRED');
    expect(
      computeValidity({
        type: 'id_front',
        parsed_data: data,
        text: 'INSTITUTO NACIONAL ELECTORAL VIGENCIA 2025',
        today: new Date('2025-12-31'),
      }).codes,
    ).not.toContain('ID_EXPIRED');
    expect(computeValidity({ type: 'ine', parsed_data: data, text: front, today: new Date('2026-11-24') }).codes).toEqual([]);
  });

  it('puts the owner name in userInfo', () => {
    expect(
      computeValidity({
        type: 'certificate_title',
        parsed_data: { propietario: 'JUAN PEREZ', placa: 'ABC1234', vin: '3VWFE21C04M000001' },
        text: TEXT,
      }).userInfo,
    ).toEqual({
      nombre: 'JUAN PEREZ',
    });
  });

  it('treats only non-valid verdicts as problems', () => {
    expect(isValidityProblem({ document_validity: 'valid' })).toBe(false);
    expect(isValidityProblem({ document_validity: 'incomplete' })).toBe(true);
  });
});

describe('ownerInfo', () => {
  it.each([
    [
      'the last endorsee of an endorsed invoice',
      { nombre_receptor: 'JUAN PEREZ', endosos: [{ de: 'JUAN PEREZ', a: 'ANA RUIZ', fecha: '01/01/2020' }] },
      { nombre: 'ANA RUIZ', source: 'endosos', person_type: 'fisica' },
    ],
    [
      'the propietario of a vehicle document',
      { propietario: 'GRUPO AUTOMOTRIZ DEL NORTE SA DE CV' },
      { nombre: 'GRUPO AUTOMOTRIZ DEL NORTE SA DE CV', source: 'propietario', person_type: 'moral' },
    ],
    [
      'the person of an ID',
      { nombre: 'GLORIA', apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'GARCÍA', curp: 'HEGG560427MVZRRL04' },
      {
        nombre: 'GLORIA HERNÁNDEZ GARCÍA',
        nombres: 'GLORIA',
        apellido_paterno: 'HERNÁNDEZ',
        curp: 'HEGG560427MVZRRL04',
        source: 'nombre',
      },
    ],
    [
      'the receiver of an invoice, typed by its RFC',
      { nombre_receptor: 'TRANSPORTES LOPEZ', rfc_receptor: 'TLO010101AB1' },
      { nombre: 'TRANSPORTES LOPEZ', rfc: 'TLO010101AB1', person_type: 'moral', source: 'nombre_receptor' },
    ],
  ])('%s', (_name, parsed, expected) => {
    expect(ownerInfo(parsed)).toMatchObject(expected);
  });

  it('is null without a person', () => {
    expect(ownerInfo({ vin: '3VWFE21C04M000001' })).toBeNull();
    expect(ownerInfo(null)).toBeNull();
  });
});
