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
for (const file of reports) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
