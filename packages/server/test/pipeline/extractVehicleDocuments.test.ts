import { parsedDataSchema } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { extractParsedData } from '../../src/pipeline/index.js';
import { pdfText } from '../helpers/pdfText.js';
import { TARJETA_CIRCULACION, TARJETA_COLUMNS, TENENCIA_RECEIPT } from './helpers.js';

describe('extractParsedData: tax receipts', () => {
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
      'SECRETARÍA DE ADMINISTRACIÓN Y FINANZAS DE LA CIUDAD DE MÉXICO\n' +
        'TENENCIA 2022\nFECHA DE PAGO: 2 de enero de 2022\nPLACA: 123-XYZ\nENTIDAD: CDMX',
      { fecha_pago: '02/01/2022', entidad: 'CMX', placa: '123XYZ' },
    ],
  ])('tax receipts: %s', (_name, text, expected) => {
    expect(extractParsedData('tax_payment', text)).toMatchObject(expected);
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
});

describe('extractParsedData: tarjetas de circulación, altas and REPUVE printouts', () => {
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

  it('never takes the end of a validity as the document date', () => {
    const onlyVigencia = TARJETA_CIRCULACION.map((l) => l.replace('          FECHA DE EXPEDICIÓN: 2023-01-15', '')).join('\n');
    expect(extractParsedData('certificate_title', onlyVigencia).fecha_documento).toBeUndefined();
    const laterDate = `${onlyVigencia}\nEXPEDIDA EN GUADALAJARA 20/01/2023`;
    expect(extractParsedData('certificate_title', laterDate).fecha_documento).toBe('20/01/2023');
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
});

describe('extractParsedData: plate photos', () => {
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
