import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxSource } from '@vcase/shared';
import { timerMs } from '../clock.js';
import type { ServerContext } from '../context.js';
import { secondsSince } from '../metrics/hooks.js';
import { getFixture } from '../repositories/sandboxFixtures.repository.js';
import { toOutcome, type ProviderOutcome } from './outcome.js';
import { SYNTHETIC } from './synthetic/index.js';
import { fetchConsumerClient, satCfdiLookup, type CfdiQuery } from './satCfdi.js';

export interface LookupRequest {
  source: SandboxSource;
  key: string;
  /** Extra context for adapters that need more than the key (e.g. CFDI fiscal data). */
  input?: unknown;
  signal?: AbortSignal;
  /** The job runner's `idle`: the sandbox's simulated latency lends the job's slot out. */
  idle?: <T>(work: Promise<T>) => Promise<T>;
}

/**
 * Sandbox adapter: the fixture stored for (source, key), else deterministic synthetic data,
 * after `VCASE_SANDBOX_LATENCY_MS` or the outcome's `delay_ms`.
 */
async function sandboxLookup(ctx: ServerContext, req: LookupRequest): Promise<ProviderOutcome> {
  const fixture = await getFixture(ctx.db, req.source, req.key);
  const delay = typeof fixture?.delay_ms === 'number' ? fixture.delay_ms : ctx.config.sandboxLatencyMs;
  if (delay > 0) {
    const wait = sleep(timerMs(delay), undefined, { signal: req.signal });
    await (req.idle ? req.idle(wait) : wait);
  }
  if (fixture) return toOutcome(fixture);
  const generate = SYNTHETIC[req.source];
  return generate ? toOutcome(generate(req.key, req.input)) : { kind: 'not_found' };
}

/**
 * http adapter: POSTs `{source, key, input}` to `VCASE_PROVIDER_HTTP_URL` and reads the same
 * outcome shapes back, so an operator plugs in a real data vendor without code.
 */
async function httpLookup(ctx: ServerContext, req: LookupRequest): Promise<ProviderOutcome> {
  const url = ctx.config.providerHttpUrl as string;
  try {
    const res = await ctx.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ source: req.source, key: req.key, input: req.input ?? null }),
      signal: req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000),
    });
    if (!res.ok) return { kind: 'error', error: `provider answered HTTP ${res.status}` };
    const body = (await res.json()) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return { kind: 'error', error: 'provider answered a non-object' };
    return toOutcome(body as Record<string, unknown>);
  } catch (err) {
    return { kind: 'error', error: `provider unreachable: ${(err as Error).message}` };
  }
}

/** One lookup against the configured providers, timed by outcome (`ctx.metrics`). Never throws for source failures. */
export async function lookupSource(ctx: ServerContext, req: LookupRequest): Promise<ProviderOutcome> {
  const began = performance.now();
  const outcome = await askProvider(ctx, req);
  ctx.metrics?.lookup(req.source, outcome.kind === 'error' ? 'failed' : outcome.kind, secondsSince(began));
  return outcome;
}

function askProvider(ctx: ServerContext, req: LookupRequest): Promise<ProviderOutcome> {
  if (req.source === 'sat_cfdi' && ctx.config.satCfdi === 'sat') {
    return satCfdiLookup(fetchConsumerClient(ctx.fetch), ctx.config.satCfdiUrl, req.input as CfdiQuery);
  }
  return ctx.config.providers === 'http' ? httpLookup(ctx, req) : sandboxLookup(ctx, req);
}
