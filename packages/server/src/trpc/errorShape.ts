import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/**
 * A refusal written before tRPC sees the request (a body Fastify refuses, a server that is
 * closing), in tRPC's error shape, so a tRPC client reads it as it reads the adapter's own:
 * `{error: {message, code, data: {code, httpStatus, path, contractCode}}}`, one per procedure
 * of a batch (`/trpc/a,b?batch=1`).
 */
export function trpcRefusal(
  url: string,
  refusal: { key: TRPC_ERROR_CODE_KEY; message: string; httpStatus: number; contractCode: string | null },
): unknown {
  const [pathPart, query = ''] = url.split('?', 2);
  const path = pathPart.replace(/^\/trpc\/?/, '');
  const one = (p: string) => ({
    error: {
      message: refusal.message,
      code: TRPC_ERROR_CODES_BY_KEY[refusal.key],
      data: { code: refusal.key, httpStatus: refusal.httpStatus, path: p, contractCode: refusal.contractCode },
    },
  });
  const batch = new URLSearchParams(query).get('batch') === '1';
  return batch ? path.split(',').map((p) => one(decodeURIComponent(p))) : one(path);
}

/** True for requests of the tRPC channel. */
export const isTrpcUrl = (url: string) => url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');
