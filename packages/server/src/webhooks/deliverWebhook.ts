import { performance } from 'node:perf_hooks';
import type { ServerContext } from '../context.js';
import type { JobHandler } from '../jobs/jobRunner.js';
import { secondsSince } from '../metrics/hooks.js';
import { assertPublicUrl } from '../net/publicUrl.js';
import { recordDelivery, type WebhookDeliveryDto } from './webhooks.repository.js';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** Everything a delivery needs, fixed when the event fired. */
export interface WebhookDeliverPayload {
  url: string;
  /** Request body text, rendered at event time. */
  body: string;
  apiKey: string | null;
  event: string;
  caseId: string | null;
  companyId: string;
}

export interface WebhookDeliverResult {
  delivery_id: string;
  ok: boolean;
  status_code: number | null;
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
    const createdAt = ctx.clock.now().toISOString();
    const startedAt = performance.now();
    // One attempt, no retry (contract §6): a POST that may have reached the receiver is never
    // sent again. A second claim means the process of the first died mid-attempt (its lease
    // expired); a shutdown that interrupts the request records it as interrupted.
    const attempt = job.attempts > 1 ? INTERRUPTED : await post(ctx, payload, signal);
    const recorded = signal.aborted && !attempt.ok ? INTERRUPTED : attempt;

    const delivery: WebhookDeliveryDto = await recordDelivery(ctx.db, {
      id: ctx.ids(),
      company_id: payload.companyId,
      event: payload.event,
      case_id: payload.caseId,
      url: payload.url,
      request_body: payload.body,
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
          url: payload.url,
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
  ctx: Pick<ServerContext, 'config' | 'fetch'>,
  payload: WebhookDeliverPayload,
  runnerSignal: AbortSignal,
): Promise<Attempt> {
  try {
    await assertPublicUrl(payload.url, { allowPrivate: ctx.config.allowPrivateUrls });
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

  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (payload.apiKey) headers['x-api-key'] = payload.apiKey;

  let statusCode: number | null = null;
  try {
    const res = await ctx.fetch(payload.url, {
      method: 'POST',
      headers,
      body: payload.body,
      // A redirect is a non-2xx answer; following it could also lead to a private host.
      redirect: 'manual',
      signal: controller.signal,
    });
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
  const cause = e.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message ?? e.message;
  if (statusCode !== null) return `la respuesta del receptor (HTTP ${statusCode}) se interrumpió: ${detail}`;
  return `no se pudo conectar con el receptor: ${detail}`;
}
