import type { StoredProfile } from '../../credentials.js';
import { CliError, EXIT } from '../../errors.js';
import type { Factory } from '../../factory.js';

/** A document id no server holds: reading it tries an API key without touching anything. */
const NO_DOCUMENT = '00000000-0000-4000-8000-000000000000';
const notFoundIsFine = (error: unknown) => {
  if ((error as Error).name !== 'NotFoundError') throw error;
};

/** Reaches the server, then tries each credential saved on its own, with a read it alone may make. */
export async function verifyProfile(f: Factory, profile: StoredProfile & { base_url: string }): Promise<void> {
  const { signal } = f;
  const only = (c: { token?: string; apiKey?: string; adminToken?: string }) => {
    const credentials = { token: c.token ?? '', apiKey: c.apiKey ?? '', adminToken: c.adminToken ?? '' };
    return f.ctx.createClient({ baseURL: profile.base_url, ...credentials, maxRetries: 0 });
  };
  const checks: [string, () => Promise<unknown>][] = [];
  if (profile.token) checks.push(['token', async () => (await only({ token: profile.token })).cases.list({ limit: 1 }, { signal })]);
  // The document list takes a bearer token only; a document read takes the key: an
  // unknown document's 404 says the key was accepted.
  if (profile.api_key) {
    const client = () => only({ apiKey: profile.api_key });
    checks.push(['API key', async () => (await client()).documents.get(NO_DOCUMENT, { signal }).catch(notFoundIsFine)]);
  }
  if (profile.admin_token) {
    checks.push(['admin token', async () => (await only({ adminToken: profile.admin_token })).admin.fixtures.list({ signal })]);
  }
  let checking = 'server';
  try {
    await (await only({})).health({ signal });
    for (const [what, check] of checks) {
      checking = what;
      await check();
    }
  } catch (error) {
    const n = (error as Error).name;
    // The server's answer (Spanish) on a line of its own, not inside this sentence.
    const answer = `${n === 'APIConnectionError' || n === 'APIConnectionTimeoutError' ? 'error' : 'server'}: ${(error as Error).message}`;
    if (n === 'AuthenticationError' || n === 'PermissionDeniedError') {
      throw new CliError(`the server refused the ${checking}\n${answer}`, EXIT.AUTH, 'nothing saved');
    }
    throw new CliError(`cannot reach ${profile.base_url}\n${answer}`, EXIT.FAILURE, 'nothing saved; --no-verify saves anyway');
  }
}
