import { parsedDataSchema } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { computeValidity, extractParsedData, findTd1, pdfTextEngine, sanitizeParsedData, splitFullName } from '../../src/pipeline/index.js';
import { fixtureText, makePdf, PDF_INVOICE, TARJETA_CIRCULACION, TARJETA_COLUMNS, TENENCIA_RECEIPT } from './helpers.js';

async function pdfText(lines: readonly string[]): Promise<string> {
  const out = await pdfTextEngine.run({ bytes: await makePdf(lines), mime: 'application/pdf', sha256: 'x' });
  return out?.text ?? '';
}

describe('extractParsedData', () => {
  it('reads a tenencia receipt PDF (tax_payment)', async () => {
    const data = extractParsedData('tax_payment', await pdfText(TENENCIA_RECEIPT));
    expect(data).toEqual({
      placa: 'MBC1234',
      entidad: 'MEX',
      ejercicio_fiscal: [2023, 2024],
      fecha_pago: '15/03/2024',
      fecha_documento: '15/03/2024',
      total: 2534.5,
      vin: 'AE5RK812345',
      propietario: 'JUAN PÉREZ LÓPEZ',
      folio: '0012345678',
      marca: 'NISSAN',
      anio_modelo: 2018,
    });
    expect(parsedDataSchema.safeParse(data).success).toBe(true);
  });

  it.each([
    [
      'one year from a concept line → integer',
      'GOBIERNO DEL ESTADO DE PUEBLA\nREFRENDO 2024\nPLACA: TXA-45-67\nTOTAL $ 850.00',
      { ejercicio_fiscal: 2024, entidad: 'PUE', placa: 'TXA4567', total: 850 },
    ],
    [
      'a range of years',
      'TENENCIA\nAÑOS A PAGAR: 2021 A 2023\nPLACA: ABC 123 A\nENTIDAD: N.L.',
      { ejercicio_fiscal: [2021, 2022, 2023], placa: 'ABC123A', entidad: 'NLE' },
    ],
    [
      'payment date in words and CDMX',
      'SECRETARÍA DE ADMINISTRACIÓN Y FINANZAS DE LA CIUDAD DE MÉXICO\nTENENCIA 2022\nFECHA DE PAGO: 2 de enero de 2022\nPLACA: 123-XYZ\nENTIDAD: CDMX',
      { fecha_pago: '02/01/2022', entidad: 'CMX', placa: '123XYZ' },
    ],
  ])('tax receipts: %s', (_name, text, expected) => {
    expect(extractParsedData('tax_payment', text)).toMatchObject(expected);
  });

  it('reads a tarjeta de circulación PDF (certificate_title)', async () => {
    expect(extractParsedData('certificate_title', await pdfText(TARJETA_CIRCULACION))).toEqual({
      vin: '3VWFE21C04M000001',
      placa: 'JKL123A',
      entidad: 'JAL',
      propietario: 'MARÍA FERNANDA LÓPEZ DE LA CRUZ',
      numero_motor: 'CBP123456',
      fecha_documento: '15/01/2023',
      marca: 'VOLKSWAGEN',
      modelo: 'JETTA',
      anio_modelo: 2019,
      folio: 'A7654321',
    });
  });

  it('reads labels printed above their values (alta vehicular)', () => {
    const text = [
      'GOBIERNO DEL ESTADO DE MÉXICO',
      'ALTA VEHICULAR',
      'PLACA',
      'PXR-21-43',
      'NÚMERO DE SERIE',
      '3G1TC5CF0JL123456',
      'NOMBRE DEL PROPIETARIO',
      'ROBERTO SALINAS TREVIÑO',
      'FECHA DE ALTA',
      '04-09-2021',
    ].join('\n');
    expect(extractParsedData('alta_vehicular', text)).toEqual({
      placa: 'PXR2143',
      vin: '3G1TC5CF0JL123456',
      propietario: 'ROBERTO SALINAS TREVIÑO',
      fecha_documento: '04/09/2021',
      entidad: 'MEX',
    });
  });

  it('reads a tarjeta that prints its labels in a row above their values', () => {
    const text = TARJETA_COLUMNS.join('\n');
    expect(extractParsedData('certificate_title', text)).toMatchObject({
      placa: 'MNO1234',
      vin: 'KMHCT41D8EU123456',
      entidad: 'MEX',
      propietario: 'CARLOS RAMÍREZ TORRES',
      fecha_documento: '15/03/2024',
      marca: 'HYUNDAI',
      anio_modelo: 2014,
    });
  });

  it('reads the fiscal years of a receipt that lists them as table rows', () => {
    const text = [
      'GOBIERNO DEL ESTADO DE NUEVO LEÓN',
      'RECIBO DE PAGO DE REFRENDO',
      'Placa: RST-45-67',
      'Ejercicio Importe',
      '2021 $ 650.00',
      '2022 $ 700.00',
      '2023 $ 780.50',
      'Total: $ 2,130.50',
      'Fecha de pago: 10/08/2023',
    ].join('\n');
    expect(extractParsedData('tax_payment', text)).toMatchObject({ placa: 'RST4567', ejercicio_fiscal: [2021, 2022, 2023], total: 2130.5 });
  });

  it('reads the entity of a REPUVE printout labelled "Entidad que emplacó"', () => {
    expect(extractParsedData('repuve', 'REPUVE\nNIV: 3G1TC5CF0JL123456\nPlaca: MNO1234\nEntidad que emplacó: MÉXICO')).toMatchObject({
      placa: 'MNO1234',
      entidad: 'MEX',
    });
    expect(extractParsedData('repuve', 'REPUVE\nNIV: 3G1TC5CF0JL123456\nPlaca: MNO1234\nEstado que emplacó: JALISCO')).toMatchObject({
      entidad: 'JAL',
    });
  });

  it('fixes O and I read for 0 and 1 in a labeled VIN', () => {
    expect(extractParsedData('repuve', 'REPUVE\nNIV: 3G1TC5CFOJL123456\nENTIDAD DE EMPLACADO: SONORA')).toMatchObject({
      vin: '3G1TC5CF0JL123456',
      entidad: 'SON',
    });
  });

  it('keeps MOTOR inside an issuer name, and still reads MOTOR before an engine number', () => {
    const hyundai = extractParsedData(
      'invoice',
      'FACTURA\nEmisor: HYUNDAI MOTOR DE MÉXICO, S. DE R.L. DE C.V. RFC: HMM080829PR7\nFOLIO FISCAL: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B\nVIN: KMHCT41D8EU123456 MOTOR G4FC123456\nTOTAL $310,000.00',
    );
    expect(hyundai.nombre_emisor).toBe('HYUNDAI MOTOR DE MÉXICO, S. DE R.L. DE C.V.');
    expect(hyundai.numero_motor).toBe('G4FC123456');
    const ford = extractParsedData(
      'invoice',
      'FACTURA\nEmisor: FORD MOTOR COMPANY, S.A. DE C.V.\nRFC EMISOR: FMO830801HX4\nTOTAL $500,000.00',
    );
    expect(ford.nombre_emisor).toBe('FORD MOTOR COMPANY, S.A. DE C.V.');
  });

  it('reads a printed invoice PDF with an endorsement', async () => {
    expect(extractParsedData('invoice', await pdfText(PDF_INVOICE))).toEqual({
      rfc_emisor: 'AVM9203175R5',
      nombre_emisor: 'AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
      rfc_receptor: 'PELJ800101A14',
      nombre_receptor: 'JUAN PEREZ LOPEZ',
      monto_total: 406000,
      fecha_emision: '12/03/2024',
      fecha_documento: '12/03/2024',
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      vin: '3N1CN8AE5RK812345',
      numero_motor: 'HR16123456X',
      marca: 'NISSAN',
      modelo: 'VERSA SENSE',
      anio_modelo: 2024,
      endosos: [{ de: 'JUAN PEREZ LOPEZ', a: 'MARIA FERNANDA LOPEZ DE LA CRUZ', fecha: '20/06/2022' }],
    });
  });

  it('chains endorsements: each one is from the previous endorsee', () => {
    const text = [
      'FACTURA',
      'RECEPTOR: JUAN PEREZ LOPEZ',
      'ENDOSOS',
      'Endoso a favor de MARIA LOPEZ CRUZ el 20/06/2022',
      'Endoso a favor de PEDRO RUIZ SOTO con fecha 3 de mayo de 2023',
    ].join('\n');
    expect(extractParsedData('invoice', text).endosos).toEqual([
      { de: 'JUAN PEREZ LOPEZ', a: 'MARIA LOPEZ CRUZ', fecha: '20/06/2022' },
      { de: 'MARIA LOPEZ CRUZ', a: 'PEDRO RUIZ SOTO', fecha: '03/05/2023' },
    ]);
  });

  it('reads a pedimento printed on an invoice', () => {
    const text = 'FACTURA\nRFC EMISOR: IMP1011036N1\nVIN: 1FTFW1E51PFA12345 AÑO 2023\nPEDIMENTO: 23 24 3456 3001234\nTOTAL $710,000.00';
    expect(extractParsedData('invoice', text)).toMatchObject({
      pedimento: '23  24  3456  3001234',
      aduana: '24',
      ano_vehiculo: 2023,
      anio_modelo: 2023,
      monto_total: 710000,
    });
  });

  it('never takes the end of a validity as the document date', () => {
    const onlyVigencia = TARJETA_CIRCULACION.map((l) => l.replace('          FECHA DE EXPEDICIÓN: 2023-01-15', '')).join('\n');
    expect(extractParsedData('certificate_title', onlyVigencia).fecha_documento).toBeUndefined();
    const laterDate = `${onlyVigencia}\nEXPEDIDA EN GUADALAJARA 20/01/2023`;
    expect(extractParsedData('certificate_title', laterDate).fecha_documento).toBe('20/01/2023');
  });

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

  it('reads a photo of a plate', () => {
    expect(extractParsedData('vehicle_plate', 'JALISCO\nJKL-123-A')).toEqual({ placa: 'JKL123A', entidad: 'JAL' });
  });

  it('reads the VIN and date of a card filed as vehicle_plate', () => {
    expect(extractParsedData('vehicle_plate', TARJETA_COLUMNS.join('\n'))).toMatchObject({
      placa: 'MNO1234',
      entidad: 'MEX',
      vin: 'KMHCT41D8EU123456',
      fecha_documento: '15/03/2024',
    });
  });

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

describe('plates and entities on registration documents', () => {
  it('takes the new plate, not the previous one', () => {
    const text = 'SECRETARÍA DE MOVILIDAD\nALTA VEHICULAR\nPLACA ANTERIOR: ABC-12-34\nPLACA NUEVA: PXR-21-43';
    expect(extractParsedData('alta_vehicular', text)).toMatchObject({ placa: 'PXR2143' });
  });

  it('does not take a street name far below the header for the entity', () => {
    const text = ['TARJETA DE CIRCULACIÓN', 'PLACA: JKL-123-A', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'DOMICILIO: AV. HIDALGO 123'].join(
      '\n',
    );
    expect(extractParsedData('certificate_title', text)).not.toHaveProperty('entidad');
  });
});
