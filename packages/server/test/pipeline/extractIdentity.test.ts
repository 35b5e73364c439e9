import { describe, expect, it } from 'vitest';
import { computeValidity, extractParsedData, findTd1, splitFullName } from '../../src/pipeline/index.js';
import { fixtureText } from './helpers.js';

describe('extractParsedData: INE', () => {
  it('reads an INE front and its MRZ', () => {
    expect(extractParsedData('ine', fixtureText('ine-front-back.txt'))).toEqual({
      apellido_paterno: 'HERNÁNDEZ',
      apellido_materno: 'GARCÍA',
      nombre: 'GLORIA',
      curp: 'HEGG560427MVZRRL04',
      clave_elector: 'HRGRGL56042730M800',
      fecha_nacimiento: '27/04/1956',
    });
  });

  it('mends CURP and clave de elector misreads where the format fixes a letter or a digit', () => {
    const text = fixtureText('ine-front-back.txt')
      .replace('HEGG560427MVZRRL04', 'HEGG56O427MVZRRLO4')
      .replace('HRGRGL56042730M800', 'HRGRGL5604273OM8OO');
    expect(extractParsedData('ine', text)).toMatchObject({ curp: 'HEGG560427MVZRRL04', clave_elector: 'HRGRGL56042730M800' });
  });

  it.each([
    ['a CURP one character short', 'HEGG560427MVZRRL04', 'HEGG560427MVZRRL0', 'curp', 'CURP_INVALID'],
    ['a CURP whose second letter is no vowel', 'HEGG560427MVZRRL04', 'HBGG560427MVZRRL04', 'curp', 'CURP_INVALID'],
    ['a clave de elector without its sex', 'HRGRGL56042730M800', 'HRGRGL56042730X800', 'clave_elector', 'CLAVE_ELECTOR_INVALID'],
  ])('keeps %s as printed, and validity flags it', (_name, printed, misprinted, key, code) => {
    const text = fixtureText('ine-front-back.txt').replace(printed, misprinted);
    const parsed = extractParsedData('ine', text);
    expect(parsed[key]).toBe(misprinted);
    const validity = computeValidity({ type: 'ine', parsed_data: parsed, text, today: new Date('2026-11-24') });
    expect(validity.document_validity).toBe('invalid');
    expect(validity.codes).toContain(code);
  });

  it('takes names and birth date from the MRZ when only the back was read', () => {
    const back = fixtureText('ine-front-back.txt').split('\n').slice(-4).join('\n');
    expect(extractParsedData('ine', back)).toEqual({
      apellido_paterno: 'HERNANDEZ',
      apellido_materno: 'GARCIA',
      nombre: 'GLORIA',
      fecha_nacimiento: '27/04/1956',
    });
  });

  it('reads an INE front as OCR prints it (fields beside the name lines)', () => {
    const text = [
      'MÉXICO INSTITUTO NACIONAL ELECTORAL',
      'CREDENCIAL PARA VOTAR',
      'NOMBRE                       SEXO H',
      'PÉREZ',
      'LÓPEZ',
      'JUAN',
      'DOMICILIO',
      'AV. HIDALGO 12 COL. CENTRO',
      'CLAVE DE ELECTOR PRLPJN80010109H400',
      'CURP PELJ800101HDFRPN01',
    ].join('\n');
    expect(extractParsedData('ine', text)).toEqual({
      apellido_paterno: 'PÉREZ',
      apellido_materno: 'LÓPEZ',
      nombre: 'JUAN',
      curp: 'PELJ800101HDFRPN01',
      clave_elector: 'PRLPJN80010109H400',
      fecha_nacimiento: '01/01/1980',
    });
  });
});

describe('extractParsedData: CURP certificates', () => {
  it('reads a CURP certificate, splitting the name with the CURP', () => {
    const text = [
      'CONSTANCIA DE LA CLAVE ÚNICA DE REGISTRO DE POBLACIÓN',
      'Clave: LOCF900215MJCPRR00',
      'Nombre',
      'MARÍA FERNANDA LÓPEZ DE LA CRUZ',
      'Fecha de nacimiento: 15/02/1990',
    ].join('\n');
    expect(extractParsedData('curp', text)).toEqual({
      nombre: 'MARÍA FERNANDA',
      apellido_paterno: 'LÓPEZ',
      apellido_materno: 'DE LA CRUZ',
      curp: 'LOCF900215MJCPRR00',
      fecha_nacimiento: '15/02/1990',
    });
  });

  it('reads a CURP certificate with labeled name parts', () => {
    const text =
      'CLAVE ÚNICA DE REGISTRO DE POBLACIÓN\nCURP: PELJ800101HDFRPN01\nNombre(s): JUAN\nPrimer apellido: PÉREZ\nSegundo apellido: LÓPEZ';
    expect(extractParsedData('curp', text)).toEqual({
      nombre: 'JUAN',
      apellido_paterno: 'PÉREZ',
      apellido_materno: 'LÓPEZ',
      curp: 'PELJ800101HDFRPN01',
      fecha_nacimiento: '01/01/1980',
    });
  });
});

describe('splitFullName', () => {
  it.each([
    [
      'given names first',
      'GLORIA HERNÁNDEZ GARCÍA',
      'given_first',
      undefined,
      { nombre: 'GLORIA', apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'GARCÍA' },
    ],
    [
      'surnames first',
      'HERNÁNDEZ GARCÍA GLORIA',
      'surnames_first',
      undefined,
      { apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'GARCÍA', nombre: 'GLORIA' },
    ],
    [
      'particles stay with their surname',
      'MARÍA FERNANDA LÓPEZ DE LA CRUZ',
      'given_first',
      undefined,
      { nombre: 'MARÍA FERNANDA', apellido_paterno: 'LÓPEZ', apellido_materno: 'DE LA CRUZ' },
    ],
    [
      'the CURP corrects the order',
      'HERNANDEZ GARCIA GLORIA',
      'given_first',
      'HEGG560427MVZRRL04',
      { apellido_paterno: 'HERNANDEZ', apellido_materno: 'GARCIA', nombre: 'GLORIA' },
    ],
  ] as const)('%s', (_name, full, order, curp, expected) => {
    expect(splitFullName(full, order, curp)).toEqual(expected);
  });
});

describe('findTd1 (INE MRZ)', () => {
  it('parses the three lines with their check digits', () => {
    expect(findTd1(fixtureText('ine-front-back.txt'))).toMatchObject({
      document_code: 'ID',
      issuing_state: 'MEX',
      document_number: '123456789',
      optional_data: '0764123456789',
      birth_date: '27/04/1956',
      expiry_date: '31/12/2033',
      sex: 'M',
      nationality: 'MEX',
      apellido_paterno: 'HERNANDEZ',
      apellido_materno: 'GARCIA',
      nombre: 'GLORIA',
      valid: true,
    });
  });

  it('flags a wrong check digit', () => {
    const text = 'IDMEX1234567890<<0764123456789\n5604274F3312315MEX<<<<<<<<<<<2\nHERNANDEZ<GARCIA<<GLORIA<<<<<<';
    expect(findTd1(text)).toMatchObject({ valid: false, checks: { document_number: false, birth_date: true } });
  });

  it('tolerates OCR spacing in the lines', () => {
    expect(findTd1('IDMEX 1234567897 << 0764123456789\n560427 4F 331231 5MEX <<<<<<<<<<< 2\nHERNANDEZ<GARCIA<<GLORIA')?.valid).toBe(true);
  });
});
