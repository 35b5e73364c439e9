import { describe, expect, it } from 'vitest';
import { classifyDocument, manualClassification } from '../../src/pipeline/index.js';
import { fixtureText, PDF_INVOICE, TARJETA_CIRCULACION, TENENCIA_RECEIPT } from './helpers.js';

const pdf = (text: string, fileName?: string) => classifyDocument({ mime: 'application/pdf', text, fileName });

describe('classifyDocument', () => {
  it.each([
    ['CFDI 4.0 namespace', { xmlRootNamespace: 'http://www.sat.gob.mx/cfd/4' }, 'factura_xml', 'cfdi_4.0'],
    ['CFDI 3.3 namespace', { xmlRootNamespace: 'http://www.sat.gob.mx/cfd/3' }, 'factura_xml', 'cfdi_3.3'],
  ])('%s → %s with confidence 1', (_name, input, type, subtype) => {
    expect(classifyDocument({ mime: 'application/xml', text: '', ...input })).toEqual({ type, subtype, confidence: 1 });
  });

  it.each([
    ['printed CFDI invoice', PDF_INVOICE.join('\n'), 'invoice', 'cfdi'],
    ['tenencia receipt', TENENCIA_RECEIPT.join('\n'), 'tax_payment', 'tenencia'],
    [
      'printed invoice billing plates and tenencia paperwork',
      [...PDF_INVOICE, 'GESTORIA PLACAS Y TENENCIA 2024 $ 4,500.00'].join('\n'),
      'invoice',
      'cfdi',
    ],
    [
      'refrendo receipt',
      'SECRETARÍA DE FINANZAS\nPAGO DE REFRENDO VEHICULAR 2024\nPLACA ABC1234\nLÍNEA DE CAPTURA 1234567890123456',
      'tax_payment',
      'refrendo',
    ],
    ['tarjeta de circulación', TARJETA_CIRCULACION.join('\n'), 'certificate_title', 'tarjeta_circulacion'],
    ['US certificate of title', 'STATE OF TEXAS\nCERTIFICATE OF TITLE FOR A VEHICLE\nVIN 1FTFW1E51PFA12345', 'certificate_title', 'title'],
    ['INE front and back', fixtureText('ine-front-back.txt'), 'ine', 'front_and_reverse'],
    ['INE back only', 'IDMEX1234567897<<0764123456789\n5604274F3312315MEX<<<<<<<<<<<2\nHERNANDEZ<GARCIA<<GLORIA<<<<<<', 'ine', 'reverse'],
    ['CURP certificate', 'CONSTANCIA DE LA CLAVE ÚNICA DE REGISTRO DE POBLACIÓN\nCURP HEGG560427MVZRRL04', 'curp', null],
    ['REPUVE record', 'REGISTRO PÚBLICO VEHICULAR\nCONSTANCIA DE INSCRIPCIÓN\nNIV 3VWFE21C04M000001', 'repuve', null],
    ['alta vehicular', 'SECRETARÍA DE MOVILIDAD\nCOMPROBANTE DE ALTA VEHICULAR\nPLACA NUEVA: PXR-21-43', 'alta_vehicular', null],
    ['emissions verification', 'CERTIFICADO DE VERIFICACIÓN VEHICULAR\nHOLOGRAMA 0\nPLACA MBC1234', 'vehicle_certificate', 'verificacion'],
    ['plate deregistration', 'CONSTANCIA DE BAJA DE PLACAS\nPLACA MBC1234', 'vehicle_certificate', 'baja'],
    ['bank statement', 'BBVA MÉXICO\nESTADO DE CUENTA\nCLABE 012180001234567891\nSALDO ANTERIOR 1,000.00', 'bank_account', null],
    ['passport', 'ESTADOS UNIDOS MEXICANOS\nPASAPORTE\nP<MEXPEREZ<LOPEZ<<JUAN<<<<<<<<<<<<<<<<<<<<<<', 'id_front', 'passport'],
    ['driver licence', 'LICENCIA DE CONDUCIR TIPO A\nNOMBRE: JUAN PEREZ', 'id_front', 'driver_license'],
    ['photo of a plate', 'JALISCO\nJKL-123-A', 'vehicle_plate', null],
    ['lumo checklist', 'LUMO\nCHECKLIST DE INSPECCIÓN VEHICULAR', 'lumo_checklist', null],
  ])('%s → %s', (_name, text, type, subtype) => {
    const c = pdf(text);
    expect(c.type).toBe(type);
    expect(c.subtype).toBe(subtype);
    expect(c.confidence).toBeGreaterThanOrEqual(0.35);
    expect(c.confidence).toBeLessThanOrEqual(1);
  });

  it('prefers the payment receipt when a tenencia receipt also names the tarjeta de circulación', () => {
    expect(pdf('RECIBO OFICIAL DE PAGO\nREFRENDO Y TARJETA DE CIRCULACIÓN 2024\nTOTAL A PAGAR $850.00').type).toBe('tax_payment');
  });

  it.each([
    ['no text', ''],
    ['whitespace only', '  \n '],
    ['text without any keyword', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.'],
  ])('falls back to unknown with confidence 0: %s', (_name, text) => {
    expect(pdf(text)).toEqual({ type: 'unknown', subtype: null, confidence: 0 });
  });

  it('takes a weak hint from the file name', () => {
    const weak = 'RECIBO OFICIAL\nPLACA ABC1234';
    expect(pdf(weak).type).toBe('tax_payment');
    expect(pdf(weak, 'tenencia_2024.pdf').confidence).toBeGreaterThan(pdf(weak).confidence);
  });

  it('lowers confidence when two types compete', () => {
    const clear = pdf(TARJETA_CIRCULACION.join('\n'));
    const mixed = pdf(`${TARJETA_CIRCULACION.join('\n')}\nREGISTRO PÚBLICO VEHICULAR`);
    expect(mixed.confidence).toBeLessThan(clear.confidence);
  });
});

describe('manualClassification', () => {
  it('always wins with confidence 1', () => {
    expect(manualClassification(' ine ')).toEqual({ type: 'ine', subtype: null, confidence: 1, method: 'manual' });
  });
});
