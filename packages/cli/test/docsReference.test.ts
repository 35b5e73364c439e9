import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../vitest.needs.ts';
import { runCli } from './helpers/harness.js';

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

describe('docs-reference', () => {
  it('prints every command help as Markdown, examples included', async () => {
    const r = await runCli(['docs-reference']);
    expect(r.code).toBe(0);
    for (const heading of [
      '## `vcase`',
      '### `vcase cases`',
      '#### `vcase cases list`',
      '#### `vcase chain ownership`',
      '### `vcase report`',
      '#### `vcase admin fixtures set`',
    ]) {
      expect(r.stdout).toContain(heading);
    }
    expect(r.stdout).toContain('Batch rows (--from FILE or --from - for stdin)');
    expect(r.stdout).toContain('Exit codes:');
    expect(r.stdout).not.toContain('`vcase docs-reference`\n'); // hidden
    // The top section is what `vcase --help` prints, whatever the loaded commands say of themselves.
    const help = await runCli(['--help']);
    const top = r.stdout.split('```text\n')[1]!.split('\n```')[0];
    expect(top).toBe(help.stdout.trimEnd());
  });
});
