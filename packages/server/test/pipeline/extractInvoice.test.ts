import { describe, expect, it } from 'vitest';
import { extractParsedData } from '../../src/pipeline/index.js';
import { pdfText } from '../helpers/pdfText.js';
import { PDF_INVOICE } from './helpers.js';

describe('extractParsedData: printed invoices', () => {
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

  it('keeps MOTOR inside an issuer name, and still reads MOTOR before an engine number', () => {
    const hyundai = extractParsedData(
      'invoice',
      'FACTURA\nEmisor: HYUNDAI MOTOR DE MÉXICO, S. DE R.L. DE C.V. RFC: HMM080829PR7\n' +
        'FOLIO FISCAL: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B\nVIN: KMHCT41D8EU123456 MOTOR G4FC123456\nTOTAL $310,000.00',
    );
    expect(hyundai.nombre_emisor).toBe('HYUNDAI MOTOR DE MÉXICO, S. DE R.L. DE C.V.');
    expect(hyundai.numero_motor).toBe('G4FC123456');
    const ford = extractParsedData(
      'invoice',
      'FACTURA\nEmisor: FORD MOTOR COMPANY, S.A. DE C.V.\nRFC EMISOR: FMO830801HX4\nTOTAL $500,000.00',
    );
    expect(ford.nombre_emisor).toBe('FORD MOTOR COMPANY, S.A. DE C.V.');
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
});
