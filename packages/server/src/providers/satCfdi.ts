import { Consumer, ConsumerClientResponse, type ConsumerClientInterface } from '@nodecfdi/sat-estado-cfdi';
import { XMLParser } from 'fast-xml-parser';
import type { ProviderOutcome } from './outcome.js';

/** What the SAT status query needs from an invoice (domain facts: the `?id=…&re=…` expression). */
export interface CfdiQuery {
  folio_fiscal: string;
  rfc_emisor: string;
  rfc_receptor: string;
  total: number | string;
  /** Last 8 characters of the CFDI's `Sello`. */
  sello_fe?: string | null;
  nombre_emisor?: string | null;
  nombre_receptor?: string | null;
  fecha_emision?: string | null;
  /** The CFDI's `TipoDeComprobante` (I, E, T, N, P; CFDI 3.2 spelled the word). */
  tipo_comprobante?: string | null;
}

const EFFECTS: Record<string, string> = { I: 'Ingreso', E: 'Egreso', T: 'Traslado', N: 'Nómina', P: 'Pago' };

/** SAT's `efectoComprobante` wording of a `TipoDeComprobante`; null when the invoice gives none. */
export function efectoComprobante(tipo: unknown): string | null {
  return typeof tipo === 'string' ? (EFFECTS[tipo.trim().charAt(0).toUpperCase()] ?? null) : null;
}

const amp = (s: string) => s.replace(/&/g, '&amp;');

/** The expression SAT's Servicio de Consulta de CFDI takes. */
export function satExpression(q: CfdiQuery): string {
  const total = typeof q.total === 'number' ? q.total.toFixed(6) : q.total;
  const fe = q.sello_fe ? `&fe=${q.sello_fe}` : '';
  return `?id=${q.folio_fiscal.toUpperCase()}&re=${amp(q.rfc_emisor)}&rr=${amp(q.rfc_receptor)}&tt=${total}${fe}`;
}

const soapEnvelope = (expression: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="http://tempuri.org/">' +
  `<s:Body><t:Consulta><t:expresionImpresa><![CDATA[${expression}]]></t:expresionImpresa></t:Consulta></s:Body></s:Envelope>`;

/**
 * The SOAP client @nodecfdi/sat-estado-cfdi expects, on an injected `fetch` (so tests use a
 * fake service and the timeout is ours).
 */
export function fetchConsumerClient(fetchImpl: typeof fetch, timeoutMs = 30_000): ConsumerClientInterface {
  const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true });
  return {
    async consume(uri, expression) {
      const res = await fetchImpl(uri, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: 'http://tempuri.org/IConsultaCFDIService/Consulta' },
        body: soapEnvelope(expression),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SAT answered HTTP ${res.status}`);
      const doc = parser.parse(await res.text());
      const result = doc?.Envelope?.Body?.ConsultaResponse?.ConsultaResult ?? {};
      const response = new ConsumerClientResponse();
      response.set(
        Object.fromEntries(
          ['CodigoEstatus', 'Estado', 'EsCancelable', 'EstatusCancelacion', 'ValidacionEFOS'].map((k) => [
            k,
            result[k] === undefined ? null : String(result[k]),
          ]),
        ),
      );
      return response;
    },
  };
}

/**
 * The real `sat_cfdi` source: SAT's status service through @nodecfdi/sat-estado-cfdi, worded
 * as the sandbox outcome the invoice check reads (contract §4.8 `validate_invoice`).
 */
export async function satCfdiLookup(client: ConsumerClientInterface, uri: string, q: CfdiQuery): Promise<ProviderOutcome> {
  if (!q.folio_fiscal || !q.rfc_emisor || !q.rfc_receptor || q.total === undefined || q.total === null) {
    return { kind: 'not_found' };
  }
  try {
    const status = await new Consumer(client, uri).executeAsync(satExpression(q));
    if (status.getQuery().isNotFound() || status.getDocument().isNotFound()) return { kind: 'not_found' };
    const cancellation = status.getCancellation();
    const estatusCancelacion = cancellation.isCancelledByDirectCall()
      ? 'Cancelado sin aceptación'
      : cancellation.isCancelledByApproval()
        ? 'Cancelado con aceptación'
        : cancellation.isCancelledByExpiration()
          ? 'Plazo vencido'
          : cancellation.isPending()
            ? 'En proceso'
            : cancellation.isDisapprved()
              ? 'Solicitud rechazada'
              : null;
    return {
      kind: 'ok',
      data: {
        result: {
          estadoCFDI: status.getDocument().isActive() ? 'Vigente' : 'Cancelado',
          folioFiscal: q.folio_fiscal.toUpperCase(),
          rfcEmisor: q.rfc_emisor,
          nombreEmisor: q.nombre_emisor ?? null,
          rfcReceptor: q.rfc_receptor,
          nombreReceptor: q.nombre_receptor ?? null,
          totalCfdi: String(q.total),
          fechaEmision: q.fecha_emision ?? null,
          estatusCancelacion,
          efectoComprobante: efectoComprobante(q.tipo_comprobante),
        },
      },
    };
  } catch (err) {
    return { kind: 'error', error: `SAT no disponible: ${(err as Error).message}` };
  }
}
