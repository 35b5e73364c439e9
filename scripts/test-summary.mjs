// Prints one closing line for the whole monorepo test run from the JSON reports that each
// package's vitest writes (see vitest.config.ts `reporters`).
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname) + '/..';
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
let pgOnlySkipped = 0;
for (const file of reports) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    if (!result.name.endsWith('.pg.test.ts')) continue;
    pgOnlySkipped += result.assertionResults.filter((t) => t.status === 'skipped' || t.status === 'pending').length;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// The server's HTTP suite runs on PostgreSQL only when a server is named (.ci/run starts one).
if (process.env.VCASE_TEST_PG_URL) {
  const url = new URL(process.env.VCASE_TEST_PG_URL);
  if (url.password) url.password = '***';
  console.log(`PostgreSQL: the server's HTTP, database and scale-out tests also ran on ${url}`);
} else {
  console.log(
    `PostgreSQL: not tested (VCASE_TEST_PG_URL is not set)${pgOnlySkipped ? `: ${pgOnlySkipped} of the skipped tests need it` : ''}; ` +
      '.ci/run starts a throwaway server and sets it (docs/operator-guide.md)',
  );
}
process.exit(failed > 0 || passed === 0 ? 1 : 0);
