#!/usr/bin/env node
// The `vcase` command. It exists before the build, so npm links it at install time
// (a bin that points into dist/ is skipped when dist/ does not exist yet); it runs the build.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('vcase is not built yet: run `npm run build` in the repository root first.\n');
  process.exit(1);
}
await import(main.href);
