import fs from 'node:fs';
import path from 'node:path';
import { MAX_TOKEN_TTL_SECONDS, type CredentialsFile } from '@vcase/shared';
import type { TokenSigner } from './auth/tokens.js';
import type { ServerContext } from './context.js';
import { countCompanies } from './repositories/companies.repository.js';
import { createApiKey, createCompany, createUser } from './services/admin.service.js';
import { issueToken } from './services/tokens.service.js';

/**
 * First start with an empty database and the sandbox providers: a demo company, user, bearer
 * token and API key, written to `<stateDir>/credentials.json` (operator-surface §1).
 */
export async function bootstrapDemo(ctx: ServerContext, signer: TokenSigner): Promise<CredentialsFile | null> {
  if (ctx.config.providers !== 'sandbox' || !ctx.config.bootstrap) return null;
  if ((await countCompanies(ctx.db)) > 0) return null;
  const company = await createCompany(ctx, { name: 'Demo Company', status_catalog: ['processing', 'nuevo'] });
  const user = await createUser(ctx, company.company_id, { name: 'Demo Analyst', email: 'analyst@demo.vcase.local' });
  const token = await issueToken(ctx, signer, user.user_id, MAX_TOKEN_TTL_SECONDS);
  const key = await createApiKey(ctx, company.company_id, 'demo');
  const credentials: CredentialsFile = {
    base_url: ctx.address.baseUrl,
    token: token.access_token,
    api_key: key.api_key,
  };
  fs.mkdirSync(ctx.config.stateDir, { recursive: true });
  fs.writeFileSync(
    path.join(ctx.config.stateDir, 'credentials.json'),
    `${JSON.stringify({ ...credentials, company_id: company.company_id, user_id: user.user_id }, null, 2)}\n`,
    { mode: 0o600 },
  );
  return credentials;
}
