import type { ErrorCode } from '@vcase/shared';
import type { AuthMode, Principal } from '../auth/principal.js';
import type { ResponseCache } from '../operations/responseCache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Credential the route accepts (contract §5). Routes without one are public. */
    auth?: AuthMode;
    /** Code sent with a 401 on this route (`UNAUTHORIZED` on GET /v1/documents, else none). */
    authErrorCode?: ErrorCode | null;
    /** Message of a 401 on this route, where the contract words it. */
    unauthorizedMessage?: string;
    /** Code sent when the request fails schema validation (default `VALIDATION_ERROR`). */
    validationErrorCode?: ErrorCode | null;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Encoded answers of cached reads (`operations/cachedReads.ts`), with hit and miss counts. */
    responseCache: ResponseCache;
  }
}

export {};
