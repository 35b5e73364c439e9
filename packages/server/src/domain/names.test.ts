import { describe, expect, it } from 'vitest';
import { consolidateNames, namesInParsedData, personType } from './names.js';

describe('names consolidation', () => {
  it.each([
    ['Autos del Norte S.A. de C.V.', 'moral'],
    ['AUTOS DEL NORTE SA DE CV', 'moral'],
    ['Financiera Rural S. de R.L.', 'moral'],
    ['María López Pérez', 'fisica'],
    ['JOSE A CASTRO', 'fisica'],
  ])('%s is persona %s', (name, type) => expect(personType(name)).toBe(type));

  it('groups spellings that differ only in case, accents and punctuation', () => {
    const out = consolidateNames([
      { file_id: 'a', document_type: 'factura', field: 'nombre_receptor', name: 'María López Pérez' },
      { file_id: 'b', document_type: 'ine', field: 'nombre', name: 'MARIA LOPEZ PEREZ' },
      { file_id: 'c', document_type: 'factura', field: 'nombre_emisor', name: 'Autos del Norte, S.A. de C.V.' },
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      name: 'María López Pérez',
      person_type: 'fisica',
      sources: [
        { file_id: 'a', document_type: 'factura', field: 'nombre_receptor' },
        { file_id: 'b', document_type: 'ine', field: 'nombre' },
      ],
    });
  });

  it('groups a name printed surnames first with the same name printed given names first, as the ownership chain does', () => {
    const out = consolidateNames([
      { file_id: 'x', document_type: 'factura_xml', field: 'nombre_receptor', name: 'JUAN PEREZ LOPEZ' },
      { file_id: 't', document_type: 'certificate_title', field: 'propietario', name: 'PEREZ LOPEZ JUAN' },
      { file_id: 'o', document_type: 'certificate_title', field: 'propietario', name: 'JUANA PEREZ LOPEZ' },
    ]);
    expect(out.map((n) => [n.name, n.sources.map((s) => s.file_id)])).toEqual([
      ['JUAN PEREZ LOPEZ', ['x', 't']],
      ['JUANA PEREZ LOPEZ', ['o']],
    ]);
  });

  it('takes the person type from an RFC when the document gives one (12 characters: moral)', () => {
    const sources = namesInParsedData({
      nombre_emisor: 'CAMIONES DEL NORTE',
      rfc_emisor: 'CNO150301AB2',
      nombre_receptor: 'MARIA LOPEZ MARTINEZ',
      rfc_receptor: 'LOMM800101AB1',
      propietario: 'JUAN PEREZ',
    });
    expect(sources).toContainEqual({ field: 'nombre_emisor', name: 'CAMIONES DEL NORTE', rfc: 'CNO150301AB2' });
    const names = consolidateNames(sources.map((n) => ({ ...n, file_id: 'f', document_type: 'factura_xml' })));
    const typeOf = (name: string) => names.find((n) => n.name === name)?.person_type;
    expect(typeOf('CAMIONES DEL NORTE')).toBe('moral');
    expect(typeOf('MARIA LOPEZ MARTINEZ')).toBe('fisica');
    expect(typeOf('JUAN PEREZ')).toBe('fisica');
    // without an RFC the name alone decides
    expect(personType('CAMIONES DEL NORTE')).toBe('fisica');
  });

  it('reads company names without a legal suffix as moral', () => {
    for (const name of ['FORD MOTOR COMPANY', 'IMPORTADORA FRONTERIZA', 'Distribuidora Automotriz del Bajío', 'ACME INC']) {
      expect(personType(name)).toBe('moral');
    }
    expect(personType('MOTORIZADO JUAN')).toBe('fisica');
  });

  it('reads owner, issuer, receiver, ID names and endorsements from parsed_data', () => {
    expect(
      namesInParsedData({
        propietario: 'Ana',
        nombre: 'LUIS',
        apellido_paterno: 'GOMEZ',
        endosos: [{ de: 'Ana', a: 'Beto', fecha: '01/01/2020' }],
      }),
    ).toEqual([
      { field: 'propietario', name: 'Ana' },
      { field: 'nombre', name: 'LUIS GOMEZ' },
      { field: 'endosos[0].de', name: 'Ana' },
      { field: 'endosos[0].a', name: 'Beto' },
    ]);
  });
});
