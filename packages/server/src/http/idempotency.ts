import { createHash } from 'node:crypto';
import type { ServerContext } from '../context.js';
import { validationError } from '../errors.js';

const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** The fingerprint of a body an idempotency key was sent with. */
export function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

export interface IdempotencyScope {
  companyId: string;
  route: string;
  key: string | undefined;
  body: unknown;
  /** The body's fingerprint when it was taken already (a large upload, off the event loop). */
  bodyHash?: string;
}

/** A checked key and the fingerprint of the body it was sent with. */
export interface IdempotencyClaim {
  companyId: string;
  route: string;
  key: string;
  bodyHash: string;
}

/**
 * Checks the `Idempotency-Key` and fingerprints the body, synchronously: null when no key was
 * sent. A caller that is done with parts of the body (the upload's base64 text) takes the
 * claim first and lets them go before anything waits.
 */
export function idempotencyClaim(scope: IdempotencyScope): IdempotencyClaim | null {
  const key = scope.key?.trim();
  if (!key) return null;
  if (key.length > 255) throw validationError('Idempotency-Key no puede exceder 255 caracteres');
  return { companyId: scope.companyId, route: scope.route, key, bodyHash: scope.bodyHash ?? hashBody(scope.body) };
}

/** Keys being answered in this process, per server: a second request waits for the first. */
const inFlight = new WeakMap<ServerContext, Map<string, Promise<void>>>();

/**
 * `Idempotency-Key` support: runs `run` under a claim taken with `idempotencyClaim` (just runs
 * it without one). The same key with the same body within 24 h returns the first response
 * instead of running `run` again, so client retries and resumed batch uploads never create
 * twins, also when the retry arrives while the first attempt still runs (in this process;
 * servers sharing one database each take their own turns). The same key with a different body
 * is refused.
 */
export async function runIdempotent<T>(
  ctx: ServerContext,
  claim: IdempotencyClaim | null,
  run: () => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  if (!claim) return { ...(await run()), replayed: false };
  // Requests with the same key that arrive together (a client retrying before its first
  // attempt answered) take turns: the first runs, the others then find its stored answer. The
  // turn is taken before the stored answers are read, with no wait in between.
  let running = inFlight.get(ctx);
  if (!running) inFlight.set(ctx, (running = new Map()));
  const turn = `${claim.companyId}\u0000${claim.route}\u0000${claim.key}`;
  for (let ahead = running.get(turn); ahead; ahead = running.get(turn)) await ahead;
  let done = () => {};
  running.set(turn, new Promise<void>((resolve) => (done = resolve)));
  try {
    return await answerOnce(ctx, claim, run);
  } finally {
    running.delete(turn);
    done();
  }
}

async function answerOnce<T>(
  ctx: ServerContext,
  claim: IdempotencyClaim,
  run: () => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { key, bodyHash } = claim;
  const since = new Date(ctx.clock.now().getTime() - WINDOW_MS).toISOString();
  const existing = await ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('company_id', '=', claim.companyId)
    .where('route', '=', claim.route)
    .where('key', '=', key)
    .executeTakeFirst();
  if (existing && existing.created_at >= since) {
    if (existing.body_hash !== bodyHash) {
      throw validationError('Idempotency-Key ya se usó con un cuerpo distinto', { header: 'Idempotency-Key' });
    }
    return { statusCode: Number(existing.status_code), body: JSON.parse(existing.response_body) as T, replayed: true };
  }
  const result = await run();
  const row = {
    company_id: claim.companyId,
    route: claim.route,
    key,
    body_hash: bodyHash,
    status_code: result.statusCode,
    response_body: JSON.stringify(result.body),
    created_at: ctx.clock.now().toISOString(),
  };
  await ctx.db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['company_id', 'route', 'key']).doUpdateSet({
        body_hash: row.body_hash,
        status_code: row.status_code,
        response_body: row.response_body,
        created_at: row.created_at,
      }),
    )
    .execute();
  return { ...result, replayed: false };
}
