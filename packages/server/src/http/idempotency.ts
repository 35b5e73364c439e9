import { createHash } from 'node:crypto';
import type { ServerContext } from '../context.js';
import { validationError } from '../errors.js';

const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

function hashBody(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
}

/**
 * `Idempotency-Key` support: the same key with the same body within 24 h returns the first
 * response instead of running `run` again, so client retries and resumed batch uploads never
 * create twins. The same key with a different body is refused.
 */
export async function withIdempotency<T>(
  ctx: ServerContext,
  scope: { companyId: string; route: string; key: string | undefined; body: unknown },
  run: () => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const key = scope.key?.trim();
  if (!key) return { ...(await run()), replayed: false };
  if (key.length > 255) throw validationError('Idempotency-Key no puede exceder 255 caracteres');
  const bodyHash = hashBody(scope.body);
  const since = new Date(ctx.clock.now().getTime() - WINDOW_MS).toISOString();
  const existing = await ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('company_id', '=', scope.companyId)
    .where('route', '=', scope.route)
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
    company_id: scope.companyId,
    route: scope.route,
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
