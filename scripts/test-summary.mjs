// Prints one closing line for the whole monorepo test run from the JSON reports that each
// package's vitest writes (see vitest.config.ts `reporters`), then the skipped tests grouped by
// their note: what they need and what to set to run them (see vitest.needs.ts).
// `--root DIR` reads the reports of another checkout (the tests of this script use it).
import fs from 'node:fs';
import path from 'node:path';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = [
  ...fs.readdirSync(path.join(root, 'packages')).map((pkg) => path.join(root, 'packages', pkg, '.vitest-report.json')),
  path.join(root, 'examples', '.vitest-report.json'),
];
if (process.argv.includes('--clean')) {
  for (const file of reports) fs.rmSync(file, { force: true });
  process.exit(0);
}
let passed = 0;
let failed = 0;
let skipped = 0;
/** Skipped tests by note; tests skipped without one (a bare `it.skip`) under ''. */
const skippedBy = new Map();
for (const file of reports) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const test of (report.testResults ?? []).flatMap((r) => r.assertionResults ?? [])) {
    if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo') continue;
    const note = test.status === 'todo' ? 'to do (it.todo)' : (test.meta?.skipNote ?? '');
    skippedBy.set(note, (skippedBy.get(note) ?? 0) + 1);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (skippedBy.size) {
  const width = String(Math.max(...skippedBy.values())).length;
  const lines = [...skippedBy].sort((a, b) => b[1] - a[1]);
  for (const [note, n] of lines)
    console.log(`  ${String(n).padStart(width)} skipped: ${note || 'no reason given (a bare .skip in the test file)'}`);
}
// The server's HTTP suite runs on PostgreSQL only when a server is named (.ci/run starts one).
if (process.env.VCASE_TEST_PG_URL) {
  const url = new URL(process.env.VCASE_TEST_PG_URL);
  if (url.password) url.password = '***';
  console.log(`PostgreSQL: the server's HTTP, database and scale-out tests also ran on ${url}`);
}
process.exit(failed > 0 || passed === 0 ? 1 : 0);
