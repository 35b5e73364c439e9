import { describe, expect, it } from 'vitest';
import { RAPI_MESSAGES } from './messages.js';
import {
  creditBureauResponseSchema,
  creditBureauStartResponseSchema,
  pedimentoResponseSchema,
  pedimentoStartResponseSchema,
  rapiResponseSchema,
  rapiStartResponseSchema,
  renapoResponseSchema,
  renapoStartResponseSchema,
  repuveResponseSchema,
} from './lookups.js';

const CASE_ID = '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10';
const JOB_ID = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('repuve', () => {
  const info = {
    niv: '1M8GDM9AXKP042788',
    placa: null,
    marca: 'NISSAN',
    modelo: 'VERSA',
    tipo: 'SEDAN',
    clase: 'AUTOMOVIL',
    anio_modelo: 2019,
    entidad_emplacado: null,
    fecha_inscripcion: null,
    fecha_actualizacion: null,
    reporte_robo: [{ tipo_reporte: 'FGJ', estatus: 'SIN REPORTE' }],
    robo_usa_can: { tiene_robo: false },
    aviso_judicial: { tiene_aviso_judicial: false },
  };

  it('accepts data and the not-yet-completed null info', () => {
    expect(repuveResponseSchema.safeParse({ codigo: 'ok', info, job_id: JOB_ID, job_status: 'completed' }).success).toBe(true);
    expect(repuveResponseSchema.safeParse({ codigo: 'processing', info: null, job_id: JOB_ID, job_status: 'pending' }).success).toBe(true);
  });

  it('requires an integer model year and known codigo values', () => {
    expect(
      repuveResponseSchema.safeParse({ codigo: 'ok', info: { ...info, anio_modelo: '2019' }, job_id: JOB_ID, job_status: 'completed' })
        .success,
    ).toBe(false);
    expect(repuveResponseSchema.safeParse({ codigo: 'completed', info: null, job_id: JOB_ID, job_status: 'completed' }).success).toBe(
      false,
    );
  });
});

describe('rapi', () => {
  it('answers a case still processing with result null, the message and no case_id', () => {
    const body = { job_id: JOB_ID, result: null, status: 'processing', message: RAPI_MESSAGES.CASE_PROCESSING };
    expect(rapiResponseSchema.parse(body)).toEqual(body);
  });
});

describe('renapo', () => {
  it('accepts a pending query with null person data and refuses another source', () => {
    const body = {
      case_id: CASE_ID,
      source: 'renapo',
      status: 'pending',
      query_count: 1,
      completed_count: 0,
      data: {
        job_id: JOB_ID,
        created_at: '2026-01-01T00:00:00Z',
        status: 'pending',
        curp: 'HEGG560427MVZRRL04',
        probative_doc_url: null,
        person: null,
        probative_doc_data: null,
      },
    };
    expect(renapoResponseSchema.parse(body)).toEqual(body);
    expect(renapoResponseSchema.safeParse({ ...body, source: 'sat' }).success).toBe(false);
    expect(renapoResponseSchema.safeParse({ ...body, status: 'processing' }).success).toBe(false);
  });
});

describe('pedimento and credit bureau', () => {
  it('accept their documented results', () => {
    expect(
      pedimentoResponseSchema.safeParse({
        case_id: CASE_ID,
        job_id: JOB_ID,
        status: 'completed',
        source: 'processing_jobs',
        result: { success: true, data: { pedimento: '24  47  3456  4001234', aduana: '47', vin: '1M8GDM9AXKP042788' } },
      }).success,
    ).toBe(true);
    expect(
      creditBureauResponseSchema.safeParse({
        case_id: CASE_ID,
        source: 'circulo-credito',
        status: 'completed',
        query_count: 1,
        completed_count: 1,
        data: { score: 1 },
        document: { url: 'http://localhost/files/report.pdf', uuid: JOB_ID },
      }).success,
    ).toBe(true);
  });
});

describe('202 start responses', () => {
  it.each([
    ['pedimento', pedimentoStartResponseSchema, { job_id: JOB_ID, status: 'pending' }],
    ['rapi', rapiStartResponseSchema, { job_id: JOB_ID, vin: '1M8GDM9AXKP042788', status: 'pending' }],
    ['renapo', renapoStartResponseSchema, { job_id: JOB_ID, curp: 'HEGG560427MVZRRL04', status: 'pending' }],
    ['bureau', creditBureauStartResponseSchema, { job_id: JOB_ID, vin: '1M8GDM9AXKP042788', status: 'pending' }],
  ] as const)('%s answers its shape with status pending', (_name, schema, body) => {
    expect(schema.parse(body)).toEqual(body);
    expect(schema.safeParse({ ...body, status: 'completed' }).success).toBe(false);
  });
});
