import type { UserRow } from '../repositories/users.repository.js';

/** Who is calling: a person (bearer token) or an integration (API key). */
export type Principal =
  | { kind: 'user'; userId: string; companyId: string | null; user: UserRow }
  | { kind: 'apiKey'; keyId: string; companyId: string; userId: null; user: null }
  | { kind: 'admin'; companyId: null; userId: null; user: null };

/** Credential a route accepts (contract §5). */
export type AuthMode = 'bearer' | 'apiKey' | 'bearerOrApiKey' | 'admin' | 'none';
