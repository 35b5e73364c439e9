import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConsumerClientResponse, type ConsumerClientInterface } from '@nodecfdi/sat-estado-cfdi';
import { describe, expect, it } from 'vitest';
import { fetchConsumerClient, satCfdiLookup, satExpression } from '../../src/providers/satCfdi.js';
import { createCase, createTenant, startTestServer } from '../helpers/testServer.js';

const QUERY = {
  folio_fiscal: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  rfc_emisor: 'AVM9203175R5',
  rfc_receptor: 'PELJ800101A14',
  total: 406000,
  sello_fe: 'ZGVmZg==',
};

/** A fake of the library's client contract: answers what SAT would, records the expression. */
function fakeClient(answer: Record<string, string>, seen: string[] = []): ConsumerClientInterface {
  return {
    consume(_uri, expression) {
      seen.push(expression);
      const r = new ConsumerClientResponse();
      r.set(answer);
      return r;
    },
  };
}

describe('sat_cfdi real adapter (@nodecfdi/sat-estado-cfdi)', () => {
  it('builds the SAT expression from the invoice fiscal data', () => {
    expect(satExpression(QUERY)).toBe(
      '?id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B&re=AVM9203175R5&rr=PELJ800101A14&tt=406000.000000&fe=ZGVmZg==',
    );
    expect(satExpression({ ...QUERY, rfc_emisor: 'A&B010101AAA', sello_fe: null })).toContain('re=A&amp;B010101AAA&rr');
  });

  it.each<[Record<string, string>, { kind: string; estado?: string; cancel?: string | null }]>([
    [
      {
        CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
        Estado: 'Vigente',
        EsCancelable: 'Cancelable sin aceptación',
        EstatusCancelacion: '',
      },
      { kind: 'ok', estado: 'Vigente', cancel: null },
    ],
    [
      {
        CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
        Estado: 'Cancelado',
        EsCancelable: '',
        EstatusCancelacion: 'Cancelado sin aceptación',
      },
      { kind: 'ok', estado: 'Cancelado', cancel: 'Cancelado sin aceptación' },
    ],
    [
      { CodigoEstatus: 'N - 602: Comprobante no encontrado.', Estado: 'No Encontrado', EsCancelable: '', EstatusCancelacion: '' },
      { kind: 'not_found' },
    ],
  ])('maps SAT answer %# to the outcome the invoice check reads', async (answer, expected) => {
    const seen: string[] = [];
    const outcome = await satCfdiLookup(fakeClient(answer, seen), 'https://sat.example/svc', QUERY);
    expect(seen).toEqual([satExpression(QUERY)]);
    expect(outcome.kind).toBe(expected.kind);
    if (outcome.kind === 'ok') {
      expect(outcome.data.result).toMatchObject({
        estadoCFDI: expected.estado,
        folioFiscal: QUERY.folio_fiscal.toUpperCase(),
        estatusCancelacion: expected.cancel,
      });
    }
  });

  it("words efectoComprobante from the invoice's TipoDeComprobante (SAT's answer carries none)", async () => {
    const vigente = {
      CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
      Estado: 'Vigente',
      EsCancelable: '',
      EstatusCancelacion: '',
    };
    const efecto = async (tipo_comprobante?: string) => {
      const outcome = await satCfdiLookup(fakeClient(vigente), 'x', { ...QUERY, tipo_comprobante });
      return outcome.kind === 'ok' ? (outcome.data.result as { efectoComprobante: unknown }).efectoComprobante : outcome.kind;
    };
    expect(await efecto('E')).toBe('Egreso');
    expect(await efecto('I')).toBe('Ingreso');
    expect(await efecto(undefined)).toBeNull();
  });

  it('an unreachable service is an error worth retrying; missing fiscal data is not found', async () => {
    const failing: ConsumerClientInterface = { consume: () => Promise.reject(new Error('ECONNRESET')) };
    expect(await satCfdiLookup(failing, 'https://sat.example/svc', QUERY)).toEqual({
      kind: 'error',
      error: 'SAT no disponible: ECONNRESET',
    });
    expect(await satCfdiLookup(fakeClient({}), 'x', { ...QUERY, folio_fiscal: '' })).toEqual({ kind: 'not_found' });
  });

  it('talks SOAP over the injected fetch and drives validate_invoice end to end', async () => {
    const bodies: string[] = [];
    const soap = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res
          .writeHead(200, { 'content-type': 'text/xml' })
          .end(
            '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><ConsultaResponse xmlns="http://tempuri.org/">' +
              '<ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio">' +
              '<a:CodigoEstatus>S - Comprobante obtenido satisfactoriamente.</a:CodigoEstatus>' +
              '<a:EsCancelable>Cancelable sin aceptación</a:EsCancelable>' +
              '<a:Estado>Vigente</a:Estado><a:EstatusCancelacion/><a:ValidacionEFOS>200</a:ValidacionEFOS>' +
              '</ConsultaResult></ConsultaResponse></s:Body></s:Envelope>',
          );
      });
    });
    await new Promise<void>((r) => soap.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(soap.address() as AddressInfo).port}/ConsultaCFDIService.svc`;
    const direct = await satCfdiLookup(fetchConsumerClient(fetch), url, QUERY);
    expect(direct).toMatchObject({ kind: 'ok', data: { result: { estadoCFDI: 'Vigente' } } });
    expect(bodies[0]).toContain('<![CDATA[?id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B&re=AVM9203175R5');

    const t = await startTestServer({ satCfdi: 'sat', satCfdiUrl: url });
    try {
      const tenant = await createTenant(t);
      const caseId = await createCase(t, tenant);
      const xml = fs.readFileSync(new URL('../../../../examples/documents/factura.xml', import.meta.url));
      await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': tenant.apiKey },
        payload: { case_id: caseId, mime_type: 'application/xml', base64: xml.toString('base64'), type: 'invoice' },
      });
      await t.server.runner.whenIdle();
      const invoices = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/invoices`, headers: tenant.bearer })).json();
      expect(invoices.invoices[0].validate_invoice).toMatchObject({
        status: 'completed',
        message: null,
        result: {
          estadoCFDI: 'Vigente',
          folioFiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
          rfcEmisor: 'AVM9203175R5',
          rfcReceptor: 'PELJ800101A14',
        },
      });
      expect(bodies.at(-1)).toContain('&fe=');
    } finally {
      await t.close();
      await new Promise((r) => soap.close(r));
    }
  });
});
