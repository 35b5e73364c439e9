import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { TRPC_BATCH_MAX } from '@vcase/shared';
import type { TrpcRouter } from '@vcase/shared/trpc';
import { readEnv } from './core/readEnv.js';

/** The server's router as a client sees it (built from the shared operations table). */
export type AppRouter = TrpcRouter;
export type VcaseTrpcClient = TRPCClient<AppRouter>;

export interface VcaseTrpcClientOptions {
  /** Server address (the client talks to `${baseURL}/trpc`). Default: VCASE_BASE_URL. */
  baseURL?: string;
  /** Bearer token (the admin token for admin procedures). Default: VCASE_TOKEN. */
  token?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/**
 * A tRPC client of the server's router (`/trpc`), typed by `AppRouter`:
 * `await trpc.listCases.query({ limit: 10 })` (procedures are named by operation id). Errors are TRPCClientError with
 * `data.httpStatus` and `data.contractCode`.
 */
export function createVcaseTrpcClient(options: VcaseTrpcClientOptions = {}): VcaseTrpcClient {
  const baseURL = options.baseURL ?? readEnv('VCASE_BASE_URL');
  if (!baseURL) throw new Error('baseURL is missing: pass { baseURL } or set VCASE_BASE_URL');
  const token = options.token ?? readEnv('VCASE_TOKEN');
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseURL.replace(/\/+$/, '')}/trpc`,
        // Calls made together go in batches the server takes (it refuses longer ones).
        maxItems: TRPC_BATCH_MAX,
        fetch: options.fetch,
        headers: () => ({ ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }),
      }),
    ],
  });
}
