import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { NEEDS_POSTGRES } from '../../vitest.needs.ts';

const script = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../scripts/test-summary.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A checkout whose packages left these vitest JSON reports. */
function checkout(reports: Record<string, { status: string; meta?: Record<string, unknown> }[]>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-summary-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'examples'));
  for (const [dir, tests] of Object.entries(reports)) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    const count = (status: string) => tests.filter((t) => t.status === status).length;
    const report = {
      numPassedTests: count('passed'),
      numFailedTests: count('failed'),
      numPendingTests: count('skipped'),
      numTodoTests: 0,
      testResults: [{ name: `${dir}/x.test.ts`, assertionResults: tests.map((t, i) => ({ title: `t${i}`, meta: {}, ...t })) }],
    };
    fs.writeFileSync(path.join(root, dir, '.vitest-report.json'), JSON.stringify(report));
  }
  return root;
}

const summary = async (root: string, pgUrl = '') => {
  try {
    const env = { ...process.env, VCASE_TEST_PG_URL: pgUrl };
    return { code: 0, ...(await promisify(execFile)(process.execPath, [script, '--root', root], { env })) };
  } catch (error) {
    return error as { code: number; stdout: string };
  }
};

describe('npm test summary (scripts/test-summary.mjs)', () => {
  it('counts every package and says why tests were skipped and what runs them', async () => {
    const spec = { status: 'skipped', meta: { skipNote: 'needs the contract documents: set VCASE_SPEC_DIR' } };
    const root = checkout({
      'packages/shared': [{ status: 'passed' }, spec, spec, spec],
      'packages/server': [{ status: 'passed' }, { status: 'skipped', meta: { skipNote: NEEDS_POSTGRES } }, { status: 'skipped' }],
    });
    const { code, stdout } = await summary(root);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      '2 passed, 0 failed, 5 skipped',
      '  3 skipped: needs the contract documents: set VCASE_SPEC_DIR',
      `  1 skipped: ${NEEDS_POSTGRES}`,
      '  1 skipped: no reason given (a bare .skip in the test file)',
      '',
    ]);
  });

  it('fails the run when a test failed, and prints no skip lines when none was skipped', async () => {
    const { code, stdout } = await summary(checkout({ 'packages/cli': [{ status: 'passed' }, { status: 'failed' }] }));
    expect(code).toBe(1);
    expect(stdout).toBe('1 passed, 1 failed, 0 skipped\n');
  });

  it('says when the server tests also ran on PostgreSQL, without the password', async () => {
    const { stdout } = await summary(
      checkout({ 'packages/server': [{ status: 'passed' }] }),
      'postgres://ci:secret@127.0.0.1:5433/postgres',
    );
    expect(stdout.split('\n')).toEqual([
      '1 passed, 0 failed, 0 skipped',
      "PostgreSQL: the server's HTTP, database and scale-out tests also ran on postgres://ci:***@127.0.0.1:5433/postgres",
      '',
    ]);
  });
});
