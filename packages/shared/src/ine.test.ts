import { describe, expect, it } from 'vitest';
import { checkIneSubmitBody, ineResultResponseSchema, ineSubmitBodySchema } from './ine.js';

const data = {
  names: 'GUADALUPE',
  first_last_name: 'HERNANDEZ',
  second_last_name: 'GARCIA',
  birth_date: '27/04/1956',
  gender: 'MUJER',
  curp: 'HEGG560427MVZRRL04',
  elector_key: 'HRGRGD56042730M100',
  state: '30',
  municipality: '193',
  section: '1234',
  emission: '2019',
  validity: '2029',
  cic: '123456789',
  ocr: '1234567890123',
  citizen_identifier: '123456789',
  locality: null,
};

describe('INE submit body', () => {
  it('requires front and takes back as optional', () => {
    expect(ineSubmitBodySchema.parse({ front: 'https://x.example/front.jpg' })).toEqual({ front: 'https://x.example/front.jpg' });
    expect(ineSubmitBodySchema.parse({ front: 'data:image/jpeg;base64,AAAA', back: 'AAAA' })).toEqual({
      front: 'data:image/jpeg;base64,AAAA',
      back: 'AAAA',
    });
    expect(ineSubmitBodySchema.safeParse({ back: 'AAAA' }).success).toBe(false);
    expect(ineSubmitBodySchema.safeParse({ front: '' }).success).toBe(false);
  });

  it.each([
    ['missing', {}],
    ['empty', { front: '' }],
    ['blank', { front: '   ', back: 'AAAA' }],
    ['null', { front: null }],
  ])('answers MISSING_PARAMETER when front is %s', (_label, body) => {
    expect(checkIneSubmitBody(body)).toMatchObject({ ok: false, code: 'MISSING_PARAMETER', fields: ['front'] });
  });

  it('answers VALIDATION_ERROR when front is not a string', () => {
    expect(checkIneSubmitBody({ front: 42 })).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });
});

describe('INE result', () => {
  it('carries data only when completed', () => {
    expect(ineResultResponseSchema.safeParse({ status: 'completed', data }).success).toBe(true);
    expect(ineResultResponseSchema.safeParse({ status: 'processing', data: null }).success).toBe(true);
    expect(ineResultResponseSchema.safeParse({ status: 'error', data: null }).success).toBe(true);
    expect(ineResultResponseSchema.safeParse({ status: 'completed', data: null }).success).toBe(false);
    expect(ineResultResponseSchema.safeParse({ status: 'processing', data }).success).toBe(false);
  });

  it('accepts only HOMBRE or MUJER as gender', () => {
    expect(ineResultResponseSchema.safeParse({ status: 'completed', data: { ...data, gender: 'F' } }).success).toBe(false);
  });
});
