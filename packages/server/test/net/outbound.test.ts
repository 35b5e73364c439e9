import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadFile } from '../../src/net/download.js';
import { checkedLookup, outboundDispatcher } from '../../src/net/outbound.js';
import type { LookupAll } from '../../src/net/publicUrl.js';

// Two listeners on loopback (Linux routes all of 127/8 there), and a policy that allows the
// first only: everything stays on this machine, and which one a request reached says which
// address the connection used.
const hits = { allowed: 0, other: 0 };
let allowedPort = 0;
let otherPort = 0;
const servers: http.Server[] = [];

async function listen(host: string, onRequest: http.RequestListener): Promise<number> {
  const server = http.createServer(onRequest);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  allowedPort = await listen('127.0.0.1', (req, res) => {
    hits.allowed++;
    if (req.url === '/redirect') return res.writeHead(302, { location: `http://inner.test:${otherPort}/file` }).end();
    return res.end('from 127.0.0.1');
  });
  otherPort = await listen('127.0.0.2', (_req, res) => {
    hits.other++;
    res.end('from 127.0.0.2');
  });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const onlyFirst = (address: string) => address === '127.0.0.1';

/** A resolver that answers `first` once, then `later` (a name rebound between two lookups). */
function rebinding(first: string, later: string) {
  let calls = 0;
  const resolve: LookupAll = async () => [{ address: calls++ === 0 ? first : later }];
  return { resolve, calls: () => calls };
}

describe('checkedLookup', () => {
  it('resolves once and hands the connection the address it checked', async () => {
    const dns = rebinding('127.0.0.1', '127.0.0.2');
    const lookup = checkedLookup(dns.resolve, onlyFirst);
    const answer = await new Promise((resolve, reject) =>
      lookup('rebind.test', { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );
    expect(answer).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(dns.calls()).toBe(1);
  });

  it('refuses the whole name when any address is not allowed', async () => {
    const lookup = checkedLookup(async () => [{ address: '127.0.0.1' }, { address: '127.0.0.2' }], onlyFirst);
    const err = await new Promise((resolve) => lookup('mixed.test', {}, (e) => resolve(e)));
    expect(err).toMatchObject({ name: 'UnsafeUrlError', message: expect.stringMatching(/no es pública.*127\.0\.0\.2/) });
  });
});

describe('outboundDispatcher', () => {
  it('connects to the address its one lookup checked, not to what the name answers next (DNS rebinding)', async () => {
    const dns = rebinding('127.0.0.1', '127.0.0.2');
    const dispatcher = outboundDispatcher({ allowPrivate: false, resolve: dns.resolve, allow: onlyFirst });
    const before = { ...hits };
    // The port of the second listener: reached only if the connection used a second answer.
    const res = await undiciFetch(`http://rebind.test:${allowedPort}/`, { dispatcher });
    expect(await res.text()).toBe('from 127.0.0.1');
    expect(hits.allowed - before.allowed).toBe(1);
    expect(hits.other - before.other).toBe(0);
    await dispatcher.close();
  });

  it('refuses an address written in the URL without connecting', async () => {
    const dispatcher = outboundDispatcher({ allowPrivate: false, resolve: async () => [], allow: onlyFirst });
    const before = { ...hits };
    const err = await undiciFetch(`http://127.0.0.2:${otherPort}/`, { dispatcher }).catch((e: Error) => e);
    expect((err as Error & { cause?: Error }).cause).toMatchObject({ name: 'UnsafeUrlError' });
    expect(hits.other - before.other).toBe(0);
    await dispatcher.close();
  });

  it('checks every hop of a download: a redirect to a name that resolves inward is refused, nothing sent there', async () => {
    const resolve: LookupAll = async (name) => [{ address: name === 'inner.test' ? '127.0.0.2' : '127.0.0.1' }];
    const dispatcher = outboundDispatcher({ allowPrivate: false, resolve, allow: onlyFirst });
    const before = { ...hits };
    const err = await downloadFile(`http://files.test:${allowedPort}/redirect`, {
      fetch: undiciFetch as unknown as typeof fetch,
      dispatcher,
      maxBytes: 1024,
      timeoutMs: 5_000,
      allowPrivate: false,
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(DownloadError);
    expect(err).toMatchObject({ reason: 'unsafe', message: expect.stringMatching(/inner\.test.*127\.0\.0\.2/) });
    expect(hits.allowed - before.allowed).toBe(1);
    expect(hits.other - before.other).toBe(0);
    await dispatcher.close();
  });
});
