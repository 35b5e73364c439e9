import type { ErrorCode, Operation, OperationId } from '@vcase/shared';
import { HttpError } from '../errors.js';
import type { AuthHeaders, Authenticator } from './authenticate.js';
import type { AuthMode, Principal } from './principal.js';

/** How a request to one operation is authenticated, on REST and tRPC alike. */
export interface AuthRule {
  mode: AuthMode;
  /** Code sent with a 401 (none unless the contract names one). */
  errorCode: ErrorCode | null;
  /** Message of every 401, where the contract words it. */
  unauthorizedMessage: string | null;
}

/** A route anyone may call. */
export const PUBLIC: AuthRule = { mode: 'none', errorCode: null, unauthorizedMessage: null };

/** Operations whose 401 differs from the default. */
const RULE_EXTRAS: Partial<Record<OperationId, Partial<Omit<AuthRule, 'mode'>>>> = {
  // Contract §4.9: "401 `UNAUTHORIZED`" on the document list.
  listDocuments: { errorCode: 'UNAUTHORIZED' },
  // Contract §5: on `/documents/ine` "the 401 error text mentions an API key".
  submitIne: { unauthorizedMessage: 'API key inválida o ausente' },
  getIne: { unauthorizedMessage: 'API key inválida o ausente' },
};

export function authRuleOf(op: Operation): AuthRule {
  const extras = RULE_EXTRAS[op.id as OperationId];
  return { mode: op.auth, errorCode: extras?.errorCode ?? null, unauthorizedMessage: extras?.unauthorizedMessage ?? null };
}

/** Authenticates a request by `rule`: the authenticator's 401, worded as the rule says. */
export async function authenticateBy(authenticator: Authenticator, rule: AuthRule, headers: AuthHeaders): Promise<Principal | null> {
  try {
    return await authenticator.authenticate(rule.mode, headers, rule.errorCode);
  } catch (err) {
    // A refused credential (a 401 the authenticator raised) is worded as the route words it.
    const refused = err as Partial<HttpError>;
    if (refused?.statusCode === 401 && rule.unauthorizedMessage) throw new HttpError(401, refused.code ?? null, rule.unauthorizedMessage);
    throw err;
  }
}
