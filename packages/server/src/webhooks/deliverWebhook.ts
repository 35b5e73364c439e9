import { performance } from 'node:perf_hooks';
import type { ServerContext } from '../context.js';
import type { JobHandler } from '../jobs/jobHandler.js';
import { outboundOf } from '../net/outbound.js';
import { checkUrlShape } from '../net/publicUrl.js';
import { signatureHeaders } from './signatures.js';
import { findRegistrationById, recordDelivery, secretsInForce, type WebhookDeliveryDto } from './webhooks.repository.js';
import { secondsSince } from '../metrics/hooks.js';

/**
 * What a delivery sends, fixed when the event fired, and the registration it goes to: the
 * receiver's URL and `x-api-key` are read from it when the job runs, never copied here, so
 * they live in one place and go with the registration when it is deleted.
 */
export interface WebhookDeliverPayload {
  /** `webhook_registrations.id`; null (or a deleted one): nothing is sent. */
  registrationId: string | null;
  /** The message's `webhook-id` header: receivers tell repeats of one message by it. */
  webhookId: string;
  /** Request body text, rendered at event time. */
  body: string;
  event: string;
  caseId: string | null;
  companyId: string;
  /** A redelivery: the id its record gets (answered to the operator beforehand), and the delivery it repeats. */
  deliveryId?: string;
  redeliveredFrom?: string;
}

export interface WebhookDeliverResult {
  /** Null when nothing was attempted: the registration was deleted before the job ran. */
  delivery_id: string | null;
  ok: boolean;
  status_code: number | null;
}

/** Where and how a delivery is sent: the registration as it is when the job runs. */
interface Target {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const INTERRUPTED: Attempt = {
  ok: false,
  status_code: null,
  response_body: null,
  error: 'El intento se interrumpió (el servidor se detuvo durante el envío); no se reintenta: un intento por evento',
};

/** Deliveries in flight at once per worker process (their own slots, see `ownSlots`). */
export const WEBHOOK_SLOTS = 32;
/**
 * Deliveries in flight at once for one company, over all worker processes (see `perCompany`):
 * a company whose receiver hangs holds at most these of a process's WEBHOOK_SLOTS, and other
 * companies' deliveries take the rest (the last eighth only for companies with none in flight).
 */
export const WEBHOOK_COMPANY_SLOTS = 8;

/** Receivers should answer 2xx with little or nothing; more than this is not kept. */
const RESPONSE_BODY_LIMIT = 64 * 1024;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface Attempt {
  ok: boolean;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
}

/**
 * The `webhook.deliver` job: one POST, recorded whatever happens (contract §6: one
 * attempt, no retry). A failed delivery still completes the job; it raises an internal
 * alert (an error log line) and is visible in the admin delivery list.
 */
export const deliverWebhook: JobHandler<WebhookDeliverPayload, WebhookDeliverResult> = {
  maxAttempts: 1,
  // The delivery row is the record; the job row is only bookkeeping.
  retentionMs: WEEK_MS,
  // A delivery only waits on its receiver (up to the webhook timeout): deliveries run in slots
  // of their own, so receivers that hang hold up other deliveries at most, never processing
  // or lookups; and one company's at most WEBHOOK_COMPANY_SLOTS of them.
  ownSlots: WEBHOOK_SLOTS,
  perCompany: WEBHOOK_COMPANY_SLOTS,
  async run(job, ctx, { signal }) {
    const payload = job.payload;
    const registration = payload.registrationId && (await findRegistrationById(ctx.db, payload.companyId, payload.registrationId));
    if (!registration) {
      // Deleted after the event fired: the operator no longer wants it sent, and its key is gone.
      const log = { jobId: job.id, companyId: payload.companyId, event: payload.event };
      ctx.logger.info(log, 'webhook delivery dropped: its registration was deleted');
      return { delivery_id: null, ok: false, status_code: null };
    }
    const now = ctx.clock.now();
    const createdAt = now.toISOString();
    const startedAt = performance.now();
    // The contract's headers, then the signature headers of every secret in force (additive).
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...signatureHeaders(secretsInForce(registration, now), payload.webhookId, now, payload.body),
    };
    if (registration.api_key) headers['x-api-key'] = registration.api_key;
    const target: Target = { url: registration.url, headers, body: payload.body };
    // One attempt, no retry (contract §6): a POST that may have reached the receiver is never
    // sent again. A second claim means the process of the first died mid-attempt (its lease
    // expired); a shutdown that interrupts the request records it as interrupted.
    const attempt = job.attempts > 1 ? INTERRUPTED : await post(ctx, target, signal);
    const recorded = signal.aborted && !attempt.ok ? INTERRUPTED : attempt;

    const delivery: WebhookDeliveryDto = await recordDelivery(ctx.db, {
      id: payload.deliveryId ?? ctx.ids(),
      company_id: payload.companyId,
      event: payload.event,
      case_id: payload.caseId,
      url: target.url,
      request_body: payload.body,
      webhook_id: payload.webhookId,
      redelivered_from: payload.redeliveredFrom ?? null,
      status_code: recorded.status_code,
      ok: recorded.ok ? 1 : 0,
      response_body: recorded.response_body,
      error: recorded.error,
      duration_ms: Math.round(performance.now() - startedAt),
      created_at: createdAt,
    });
    ctx.metrics?.webhookDelivery(payload.event, delivery.ok ? 'ok' : 'failed', secondsSince(startedAt));
    if (!delivery.ok) {
      ctx.logger.error(
        {
          alert: 'webhook_delivery_failed',
          deliveryId: delivery.delivery_id,
          companyId: payload.companyId,
          event: payload.event,
          caseId: payload.caseId,
          url: target.url,
          statusCode: recorded.status_code,
          error: recorded.error,
        },
        'internal alert: webhook delivery failed',
      );
    }
    return { delivery_id: delivery.delivery_id, ok: delivery.ok, status_code: delivery.status_code };
  },
};

async function post(
  ctx: Pick<ServerContext, 'config' | 'fetch' | 'outbound'>,
  target: Target,
  runnerSignal: AbortSignal,
): Promise<Attempt> {
  // The name is resolved and checked by the connection itself (`ctx.outbound`), once.
  try {
    checkUrlShape(target.url, ctx.config.allowPrivateUrls);
  } catch (err) {
    return { ok: false, status_code: null, response_body: null, error: messageOf(err) };
  }

  const timeoutMs = ctx.config.webhookTimeoutMs;
  const startedAt = performance.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(noAnswerWithin(timeoutMs)));
  }, timeoutMs);
  const onRunnerAbort = () => controller.abort(runnerSignal.reason);
  runnerSignal.addEventListener('abort', onRunnerAbort, { once: true });

  let statusCode: number | null = null;
  try {
    const res = await ctx.fetch(target.url, {
      method: 'POST',
      headers: target.headers,
      body: target.body,
      // A redirect is a non-2xx answer; following it could also lead to a private host.
      redirect: 'manual',
      signal: controller.signal,
      dispatcher: outboundOf(ctx).dispatcher,
    } as RequestInit);
    statusCode = res.status;
    const body = await readLimited(res, RESPONSE_BODY_LIMIT);
    // The timer can fire late on a busy loop: the deadline itself decides.
    if (timedOut || performance.now() - startedAt > timeoutMs) {
      return { ok: false, status_code: statusCode, response_body: body, error: noAnswerWithin(timeoutMs) };
    }
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status_code: statusCode, response_body: body, error: ok ? null : `el receptor respondió HTTP ${res.status}` };
  } catch (err) {
    const error = timedOut ? noAnswerWithin(timeoutMs) : messageOf(err, statusCode);
    return { ok: false, status_code: statusCode, response_body: null, error };
  } finally {
    clearTimeout(timer);
    runnerSignal.removeEventListener('abort', onRunnerAbort);
  }
}

/** Reads at most `limit` bytes of the body, then drops the rest of the stream. */
async function readLimited(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    const chunk = value.byteLength > room ? value.subarray(0, room) : value;
    size += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (size >= limit) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return text + decoder.decode();
}

const noAnswerWithin = (ms: number) => `sin respuesta completa en ${ms} ms`;

/**
 * What the record says of a request that failed: in Spanish like every text of the service,
 * with the system's code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET …) or the library's text
 * after it. `statusCode`: the receiver had answered with it before its answer broke off.
 */
function messageOf(err: unknown, statusCode: number | null = null): string {
  const e = err as Partial<Error> | null;
  if (typeof e?.message !== 'string') return `no se pudo enviar: ${String(err)}`;
  if (e.name === 'UnsafeUrlError') return e.message;
  const cause = e.cause as { code?: string; message?: string; name?: string } | undefined;
  // The connection refused the address its name resolved to, or the name did not resolve.
  if (cause?.name === 'UnsafeUrlError' && cause.message) return cause.message;
  const detail = cause?.code ?? cause?.message ?? e.message;
  if (statusCode !== null) return `la respuesta del receptor (HTTP ${statusCode}) se interrumpió: ${detail}`;
  return `no se pudo conectar con el receptor: ${detail}`;
}
