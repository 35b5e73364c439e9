import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../vitest.needs.ts';
import { startLocalServer, type LocalServer } from './helpers/localServer.js';

/**
 * The built SDK as an integrator loads it: ofetch is bundled from its non-Node entry without
 * its default instance (tsup.config.ts), so loading the SDK and sending through
 * `nodeTransport()` never loads Node's fetch (undici). Read from dist/ (`npm run build`).
 */
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const built = ['index.js', 'index.cjs', 'node.js', 'node.cjs'].every((f) => fs.existsSync(DIST + f));

let local: LocalServer;
beforeAll(async () => {
  local = await startLocalServer();
});
afterAll(() => local.close());

const CALL = `
  const vcase = new Vcase({ baseURL: process.argv[1], maxRetries: 0, transport: nodeTransport() });
  const answer = await vcase.health();
  process.stdout.write(JSON.stringify({ answer, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));`;
const LOADERS = {
  esm: [
    '--input-type=module',
    '-e',
    `const { Vcase } = await import('${DIST}index.js');
    const { nodeTransport } = await import('${DIST}node.js');${CALL}`,
  ],
  cjs: [
    '-e',
    `(async () => { const { Vcase } = require('${DIST}index.cjs');
    const { nodeTransport } = require('${DIST}node.cjs');${CALL} })();`,
  ],
};

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...args, local.baseURL], (error, stdout, stderr) => {
      if (error) reject(new Error(stderr || error.message));
      else resolve(stdout);
    });
  });
}

describe('the built SDK', needs(built, NEEDS_BUILD), () => {
  it.each(Object.keys(LOADERS) as (keyof typeof LOADERS)[])('%s: a call through nodeTransport() never loads undici', async (kind) => {
    expect(JSON.parse(await run(LOADERS[kind]))).toEqual({ answer: { status: 'ok' }, undici: false });
  });

  it('bundles ofetch: no file imports it, nor node-fetch-native', () => {
    for (const file of fs.readdirSync(DIST).filter((f) => /\.c?js$/.test(f))) {
      const text = fs.readFileSync(DIST + file, 'utf8');
      expect(text, file).not.toMatch(/(?:from\s*|require\(|import\()["'](?:ofetch|node-fetch-native|destr|ufo)["']/);
    }
  });
});
