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
