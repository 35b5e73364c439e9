import type { ErrorCode } from '@vcase/shared';
import type { AuthRule } from '../auth/operationAuth.js';
import type { Principal } from '../auth/principal.js';
import type { ResponseCache } from '../operations/responseCache.js';
import type { BodyLimits } from './bodyLimits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route authenticates (`authRuleOf`, contract §5). Routes without one are public. */
    authRule?: AuthRule;
    /** Code sent when the request fails schema validation (default `VALIDATION_ERROR`). */
    validationErrorCode?: ErrorCode | null;
    /** Bytes and JSON entries the body may carry (`http/bodyLimits.ts`); the default when absent. */
    bodyLimits?: BodyLimits;
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
