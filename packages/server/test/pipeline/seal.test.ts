import { Certificate } from '@nodecfdi/credentials/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeValidity } from '../../src/pipeline/index.js';
import {
  certificateExpiredAt,
  readCertificado,
  SEAL_REASONS,
  CERTIFICATE_PROBLEMS,
  verifyCfdiSeal,
} from '../../src/pipeline/seal/index.js';
import { makeTestCsd, signCfdi, type TestCsd } from '../support/csd.js';
import { payment10, payment20, payroll12, vehicleInvoice32, vehicleInvoice33, vehicleInvoice40 } from '../support/cfdiSamples.js';
import { edit } from '../support/edit.js';

let csd40: TestCsd;
let csd33: TestCsd;
let csdPay: TestCsd;
let other: TestCsd;
beforeAll(async () => {
  [csd40, csd33, csdPay, other] = await Promise.all([
    makeTestCsd({ rfc: 'AVM9203175R5', name: 'AUTOMOTRIZ VALLE Y MONTANA' }),
    makeTestCsd({ rfc: 'KMO141215B19' }),
    makeTestCsd({ rfc: 'EKU9003173C9' }),
    makeTestCsd({ rfc: 'OTR010101AB1' }),
  ]);
}, 60_000);

const seal = (xml: string) => verifyCfdiSeal(xml)!;

describe('verifyCfdiSeal', () => {
  const signed = () => ({
    '4.0 vehicle sale': signCfdi(vehicleInvoice40(), csd40),
    '3.3 vehicle sale': signCfdi(vehicleInvoice33(), csd33),
    'Pagos 1.0': signCfdi(payment10(csdPay.rfc), csdPay),
    'Pagos 2.0': signCfdi(payment20(csdPay.rfc), csdPay),
    'Nómina 1.2': signCfdi(payroll12(csdPay.rfc), csdPay),
    '3.2 vehicle sale (RSA-SHA1)': signCfdi(vehicleInvoice32(csdPay.rfc), csdPay),
  });

  it('a CFDI as its issuer sealed it is valid, with the certificate it carries', () => {
    for (const [name, xml] of Object.entries(signed())) {
      const csd = name.startsWith('4.0') ? csd40 : name.startsWith('3.3') ? csd33 : csdPay;
      expect(seal(xml), name).toEqual({
        status: 'valid',
        reason: null,
        certificate: { number: csd.number, rfc: csd.rfc, valid_from: csd.validFrom.toISOString(), valid_to: csd.validTo.toISOString() },
      });
    }
  });

  it.each([
    ['4.0', 'the VIN in the vehicle complement', (x: string) => edit(x, /Niv="3N1CN8AE5RK812345"/, 'Niv="3N1CN8AE7RK812346"')],
    ['4.0', 'the total', (x: string) => edit(x, 'Total="406580.00"', 'Total="306580.00"')],
    ['4.0', "the receptor's RFC", (x: string) => edit(x, 'Rfc="PELJ800101A14"', 'Rfc="GOMA800101A14"')],
    ['4.0', "the receptor's name", (x: string) => edit(x, 'JUAN  PEÑA   LÓPEZ', 'JUAN PEÑA LOPEZ')],
    ['4.0', "a concept's description", (x: string) => edit(x, 'Descripcion="Tapetes"', 'Descripcion="Tapetes de lujo"')],
    [
      '4.0',
      'the pedimento of a concept',
      (x: string) => edit(x, 'NumeroPedimento="24  47  3456  4000123"', 'NumeroPedimento="24  47  3456  4000124"'),
    ],
    ['4.0', 'an optional attribute added', (x: string) => edit(x, 'Unidad="Pieza"', 'Unidad="Pieza" Descuento="0.00"')],
    ['3.3', 'the VIN in the vehicle complement', (x: string) => edit(x, 'Niv="KNDMC5C28K6556950"', 'Niv="KNDMC5C28K6556951"')],
    ['3.3', 'the trade-in car of vehiculousado', (x: string) => edit(x, 'NIV="2T3WF4EV4DW022556"', 'NIV="2T3WF4EV4DW022557"')],
  ])('%s: changing %s after sealing makes it invalid', (version, _what, change) => {
    const xml = version === '4.0' ? signCfdi(vehicleInvoice40(), csd40) : signCfdi(vehicleInvoice33(), csd33);
    expect(seal(change(xml))).toMatchObject({
      status: 'invalid',
      reason: SEAL_REASONS.mismatch,
      certificate: { rfc: version === '4.0' ? csd40.rfc : csd33.rfc },
    });
  });

  it.each([
    ['Pagos 1.0', () => signCfdi(payment10(csdPay.rfc), csdPay), 'Monto="201.54"', 'Monto="2201.54"'],
    ['Pagos 2.0', () => signCfdi(payment20(csdPay.rfc), csdPay), 'ImpSaldoInsoluto="0"', 'ImpSaldoInsoluto="10"'],
    ['Nómina 1.2', () => signCfdi(payroll12(csdPay.rfc), csdPay), 'ImportePagado="200"', 'ImportePagado="2000"'],
    ['CFDI 3.2', () => signCfdi(vehicleInvoice32(csdPay.rfc), csdPay), 'SERIE JTDBT4K38E1234567', 'SERIE JTDBT4K38E1234568'],
  ])('%s: a changed complement attribute makes it invalid', (_name, make, from, to) => {
    expect(seal(edit(make(), from, to)).status).toBe('invalid');
  });

  it.each([
    ['elements re-indented', (x: string) => x.replace(/>\s+</g, '><')],
    ['attributes reordered', (x: string) => edit(x, 'Serie="AV" Folio="10234"', 'Folio="10234" Serie="AV"')],
    ['spaces inside a value', (x: string) => edit(x, 'Descripcion="Tapetes"', 'Descripcion="  Tapetes "')],
    ['another namespace prefix', (x: string) => x.replace(/cfdi:/g, 'c:').replace('xmlns:cfdi=', 'xmlns:c=')],
    ['the Addenda rewritten', (x: string) => edit(x, 'numero="PO-77"', 'numero="PO-78"')],
  ])('what the cadena does not hold may change: %s', (_what, change) => {
    expect(seal(change(signCfdi(vehicleInvoice40(), csd40))).status).toBe('valid');
  });

  it("a certificate of another RFC than the Emisor's is invalid", () => {
    expect(seal(signCfdi(vehicleInvoice40(), other))).toMatchObject({
      status: 'invalid',
      reason: SEAL_REASONS.rfc(other.rfc, csd40.rfc),
      certificate: { rfc: other.rfc },
    });
  });

  it("a NoCertificado that is not the certificate's number is invalid", () => {
    const xml = edit(signCfdi(vehicleInvoice40(), csd40), `NoCertificado="${csd40.number}"`, 'NoCertificado="00001000000509876543"');
    expect(seal(xml)).toMatchObject({ status: 'invalid', reason: SEAL_REASONS.number('00001000000509876543', csd40.number) });
  });

  it('a complement without published rules is unverifiable, the certificate still shown', () => {
    const xml = edit(signCfdi(vehicleInvoice40(), csd40), '<cfdi:Complemento>', '<cfdi:Complemento><x:Propio xmlns:x="urn:propio" a="1"/>');
    expect(seal(xml)).toMatchObject({
      status: 'unverifiable',
      reason: SEAL_REASONS.unknown('{urn:propio}Propio'),
      certificate: { number: csd40.number },
    });
  });

  it.each([
    ['no Sello', (x: string) => x.replace(/ Sello="[^"]*"/, ''), 'Sello'],
    ['an empty Certificado', (x: string) => x.replace(/ Certificado="[^"]*"/, ' Certificado=""'), 'Certificado'],
    ['neither', (x: string) => x.replace(/ Sello="[^"]*"/, '').replace(/ Certificado="[^"]*"/, ''), 'Sello ni Certificado'],
  ])('an unsigned draft (%s) is unverifiable', (_what, change, missing) => {
    expect(seal(change(signCfdi(vehicleInvoice40(), csd40)))).toEqual({
      status: 'unverifiable',
      reason: SEAL_REASONS.unsigned(missing),
      certificate: null,
    });
  });

  it.each([
    ['a PEM text as Certificado', (c: string) => `-----BEGIN CERTIFICATE-----\n${c}\n-----END CERTIFICATE-----`, CERTIFICATE_PROBLEMS.pem],
    [
      'the base64 of a PEM text',
      (c: string) => Buffer.from(`-----BEGIN CERTIFICATE-----\n${c}\n-----END CERTIFICATE-----\n`).toString('base64'),
      CERTIFICATE_PROBLEMS.pem,
    ],
    ['a truncated Certificado', (c: string) => c.slice(0, 800), CERTIFICATE_PROBLEMS.undecodable],
    ['a Certificado that is not base64', (c: string) => c.slice(0, 801), CERTIFICATE_PROBLEMS.base64],
  ])('%s is invalid, and the reason says so', (_what, change, reason) => {
    const xml = signCfdi(vehicleInvoice40(), csd40).replace(
      / Certificado="([^"]*)"/,
      (_m, c: string) => ` Certificado="${change(c).replace(/\n/g, '&#10;')}"`,
    );
    expect(seal(xml)).toEqual({ status: 'invalid', reason, certificate: null });
  });

  it('a truncated or garbled Sello is invalid, and the reason says which', () => {
    const xml = signCfdi(vehicleInvoice40(), csd40);
    const sello = / Sello="([^"]*)"/.exec(xml)![1];
    expect(seal(xml.replace(sello, sello.slice(0, 200)))).toMatchObject({ status: 'invalid', reason: SEAL_REASONS.truncated(150, 256) });
    expect(seal(xml.replace(` Sello="${sello}`, ` Sello="${sello.slice(0, 201)}`))).toMatchObject({
      status: 'invalid',
      reason: SEAL_REASONS.sello,
    });
  });

  it('a Sello wrapped over lines is the same seal as the timbre keeps', () => {
    const xml = signCfdi(vehicleInvoice40(), csd40);
    const sello = / Sello="([^"]*)"/.exec(xml)![1];
    expect(seal(xml.replace(` Sello="${sello}"`, ` Sello="${sello.slice(0, 100)}\n      ${sello.slice(100)}"`)).status).toBe('valid');
  });

  it("a timbre whose SelloCFD is not the comprobante's Sello betrays a re-sealed CFDI", () => {
    const xml = signCfdi(vehicleInvoice40(), csd40);
    const sello = / Sello="([^"]*)"/.exec(xml)![1];
    const resealed = xml.replace(`SelloCFD="${sello}"`, `SelloCFD="${sello.slice(4)}AAAA"`);
    expect(seal(resealed)).toMatchObject({ status: 'invalid', reason: SEAL_REASONS.resealed });
  });

  it('a CFDI 3.0 is unverifiable; an XML that is no CFDI has no seal to check', () => {
    const v30 = '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" version="3.0" sello="x" certificado="y"/>';
    expect(seal(v30)).toEqual({ status: 'unverifiable', reason: SEAL_REASONS.version('3.0'), certificate: null });
    expect(verifyCfdiSeal('<Pedido xmlns="urn:x"><Linea/></Pedido>')).toBeNull();
  });
});

describe('readCertificado', () => {
  it('reads number, RFC and validity by the conventions @nodecfdi/credentials implements for SAT', () => {
    const read = readCertificado(csd40.certificate);
    const reference = new Certificate(csd40.certificate);
    expect(read).toMatchObject({
      number: reference.serialNumber().bytes(),
      rfc: reference.rfc(),
      valid_from: reference.validFrom().toISOString(),
      valid_to: reference.validTo().toISOString(),
      signatureBytes: 256,
    });
    expect(read).toMatchObject({ number: csd40.number, rfc: 'AVM9203175R5' });
  });
});

describe('the seal in a document validity', () => {
  const certificate = {
    number: '30001000000400002434',
    rfc: 'AVM9203175R5',
    valid_from: '2024-01-01T11:00:00.000Z',
    valid_to: '2028-01-01T11:00:00.000Z',
  };
  const validity = (signature: unknown, fecha = '2024-03-12T10:15:30') =>
    computeValidity({
      type: 'factura_xml',
      parsed_data: { vin: '3N1CN8AE5RK812345', rfc_emisor: 'AVM9203175R5', monto_total: 1, folio_fiscal: 'x' },
      text: 'x',
      json_ocr: { source: 'cfdi_xml', fecha_iso: fecha, signature },
    });

  it.each([
    [{ status: 'valid', reason: null, certificate }, 'valid', []],
    [{ status: 'invalid', reason: SEAL_REASONS.mismatch, certificate }, 'invalid', ['CFDI_SELLO_INVALIDO']],
    [{ status: 'unverifiable', reason: 'x', certificate: null }, 'valid', ['CFDI_SELLO_NO_VERIFICABLE']],
  ])('%o → %s %o', (signature, verdict, codes) => {
    expect(validity(signature)).toMatchObject({ document_validity: verdict, codes });
  });

  it("the certificate's validity is read at the CFDI's Fecha, central Mexico time (UTC−6)", () => {
    expect(certificateExpiredAt(certificate, '2024-01-01T05:30:00')).toBe(false);
    expect(certificateExpiredAt(certificate, '2024-01-01T04:30:00')).toBe(true);
    expect(certificateExpiredAt(certificate, '2028-01-01T05:30:00')).toBe(true);
    expect(validity({ status: 'valid', reason: null, certificate }, '2023-06-01T12:00:00')).toMatchObject({
      document_validity: 'valid',
      codes: ['CFDI_CERTIFICADO_VENCIDO'],
    });
  });
});
