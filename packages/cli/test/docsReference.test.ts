import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../vitest.needs.ts';

const dist = new URL('../dist/main.js', import.meta.url).pathname;
const doc = new URL('../../../docs/cli.md', import.meta.url).pathname;

describe('docs/cli.md', needs(fs.existsSync(dist), NEEDS_BUILD), () => {
  it('is exactly what `vcase docs-reference` prints (regenerate with `npm run docs:cli`)', async () => {
    const env = { ...process.env };
    delete env.COLUMNS;
    const { stdout } = await promisify(execFile)(process.execPath, [dist, 'docs-reference'], { env });
    expect(fs.readFileSync(doc, 'utf8')).toBe(stdout);
  });
});
