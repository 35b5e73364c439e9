import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { runCli, type Routes } from './helpers/harness.js';
import { listOf } from './helpers/routes.js';
import { runTable, type RunCase } from './helpers/tables.js';

const C = f.CASE_ID;

/** The client is made from the resolved credentials, or not at all: nothing is sent without them. */
const runs: RunCase[] = [
  {
    name: 'no server address anywhere: exit 3',
    args: ['plates', C],
    opts: { env: { VCASE_BASE_URL: undefined } },
    code: EXIT.AUTH,
    stderr: ['no server address configured'],
    calls: [],
  },
  {
    name: 'a server address without a scheme: a usage error naming it, nothing sent',
    args: ['plates', C],
    opts: { env: { VCASE_BASE_URL: '127.0.0.1:41022' } },
    code: EXIT.USAGE,
    stderr: ['must be an http(s) URL, got "127.0.0.1:41022"', 'http://127.0.0.1:41022'],
    calls: [],
  },
  {
    name: 'no token: the SDK refuses before sending, exit 3',
    args: ['plates', C],
    opts: { env: { VCASE_TOKEN: undefined } },
    code: EXIT.AUTH,
    stderr: ['needs a bearer token'],
    calls: [],
  },
];

describe('the client (args → exit code, stderr, requests)', () => {
  runTable(runs);
});

describe('--request-timeout', () => {
  const routes: Routes = { 'GET /v1/cases': listOf([f.caseItem(1)]) };
  it('sets the per-request timeout from the flag, else VCASE_REQUEST_TIMEOUT, else leaves the SDK default', async () => {
    const flag = await runCli(['--request-timeout', '5', 'cases', 'list'], { routes, env: { VCASE_REQUEST_TIMEOUT: '7' } });
    expect(flag.code).toBe(0);
    expect(flag.clientOptions[0]?.timeoutMs).toBe(5000);
    const env = await runCli(['cases', 'list'], { routes, env: { VCASE_REQUEST_TIMEOUT: '7' } });
    expect(env.clientOptions[0]?.timeoutMs).toBe(7000);
    const none = await runCli(['cases', 'list'], { routes });
    expect(none.clientOptions[0]?.timeoutMs).toBeUndefined();
  });

  it('refuses a value that is not a positive whole number, from the flag or the environment', async () => {
    const flag = await runCli(['--request-timeout', '0', 'cases', 'list'], { routes });
    expect(flag.code).toBe(EXIT.USAGE);
    expect(flag.stderr).toContain('must be a positive integer');
    const env = await runCli(['cases', 'list'], { routes, env: { VCASE_REQUEST_TIMEOUT: '2m' } });
    expect(env.code).toBe(EXIT.USAGE);
    expect(env.stderr).toContain('VCASE_REQUEST_TIMEOUT must be a positive whole number of seconds, not "2m"');
    expect(env.requests).toHaveLength(0);
  });
});
