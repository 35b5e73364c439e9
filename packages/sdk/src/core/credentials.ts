import type { AuthKind } from '@vcase/shared';
import { MissingCredentialError } from './errors.js';

export interface Credentials {
  token?: string;
  apiKey?: string;
  adminToken?: string;
}

/**
 * The auth header of an endpoint group (contract §5): `/v1/cases` and GET `/v1/documents`
 * take the bearer token; other `/v1/documents` endpoints the API key, or the bearer token
 * when no key is configured; `/documents/ine` the bearer token; `/admin` the admin token.
 * Throws MissingCredentialError, naming what is missing, before anything is sent.
 */
export function authHeaders(auth: AuthKind, creds: Credentials, operation: string): Record<string, string> {
  switch (auth) {
    case 'none':
      return {};
    case 'bearer':
      if (creds.token) return bearer(creds.token);
      throw new MissingCredentialError(operation, ['token']);
    case 'apiKey':
      if (creds.apiKey) return { 'x-api-key': creds.apiKey };
      throw new MissingCredentialError(operation, ['apiKey']);
    case 'bearerOrApiKey':
      if (creds.apiKey) return { 'x-api-key': creds.apiKey };
      if (creds.token) return bearer(creds.token);
      throw new MissingCredentialError(operation, ['apiKey', 'token']);
    case 'admin':
      if (creds.adminToken) return bearer(creds.adminToken);
      throw new MissingCredentialError(operation, ['adminToken']);
  }
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
