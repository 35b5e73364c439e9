import { PARSED_DATA_KEYS } from '@vcase/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { subjectDocuments, type CorpusDocument } from '../src/corpus/documents.js';
import { PLAN } from '../src/corpus/plan.js';
import { FAMILIES } from '../src/expected.js';

// Every subject's XML and PDFs (no scans: their expected fields are their PDF's).
const docs: CorpusDocument[] = [];
beforeAll(async () => {
  for (const subject of PLAN)
    for await (const doc of subjectDocuments(subject, { seed: 'expected-test', quick: false, scans: false })) docs.push(doc);
}, 60_000);

describe('expected.json', () => {
  it('covers every family', () => {
    expect(new Set(docs.map((d) => d.expected.family))).toEqual(new Set(FAMILIES.filter((f) => f !== 'cfdi_scan')));
  });

  it('names only vocabulary keys, and no key both held and absent', () => {
    for (const { file, expected } of docs) {
      for (const key of [...Object.keys(expected.fields), ...expected.absent]) expect(PARSED_DATA_KEYS, `${file}: ${key}`).toContain(key);
      for (const key of expected.absent) expect(expected.fields, `${file}: ${key}`).not.toHaveProperty(key);
    }
  });

  it('writes values in the vocabulary forms', () => {
    for (const {
      file,
      expected: { fields },
    } of docs) {
      for (const key of ['fecha_emision', 'fecha_documento', 'fecha_pago', 'fecha_nacimiento']) {
        if (key in fields) expect(fields[key], `${file}: ${key}`).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      }
      if ('folio_fiscal' in fields)
        expect(fields.folio_fiscal).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
      if ('pedimento' in fields) expect(fields.pedimento).toMatch(/^\d{2} {2}\d{2} {2}\d{4} {2}\d{7}$/);
      if ('placa' in fields) expect(fields.placa).toMatch(/^[A-Z0-9]{6,7}$/);
      if ('entidad' in fields) expect(fields.entidad).toMatch(/^[A-Z]{3}$/);
      for (const key of ['monto_total', 'total', 'anio_modelo'])
        if (key in fields) expect(typeof fields[key], `${file}: ${key}`).toBe('number');
    }
  });

  it('vehicle keys only on vehicle documents: a service invoice holds no VIN, make or model', () => {
    const services = docs.filter((d) => d.file.includes('servicio'));
    expect(services.length).toBeGreaterThan(0);
    for (const { expected, bytes, file } of services) {
      for (const key of ['vin', 'marca', 'modelo', 'anio_modelo', 'numero_motor', 'pedimento'])
        expect(expected.absent, file).toContain(key);
      if (file.endsWith('.xml')) expect(bytes.toString('latin1')).not.toMatch(/Niv=|VehiculoUsado/);
    }
  });

  it('XML fields are what the XML says', () => {
    for (const { file, bytes, expected } of docs.filter((d) => d.file.endsWith('.xml'))) {
      const xml = bytes.toString(bytes.includes('ISO-8859-1') ? 'latin1' : 'utf8');
      const f = expected.fields;
      expect(xml, file).toContain(`UUID="${f.folio_fiscal}"`);
      expect(xml, file).toContain(`Rfc="${String(f.rfc_emisor).replace('&', '&amp;')}"`);
      expect(xml, file).toContain(`Total="${Number(f.monto_total).toFixed(2)}"`);
      if (f.vin) expect(xml, file).toContain(String(f.vin));
    }
  });
});
