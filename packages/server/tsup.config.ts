import { defineConfig } from 'tsup';

export default defineConfig({
  // The upload body worker runs in a thread of its own: its entry is built beside the others.
  entry: { index: 'src/index.ts', main: 'src/main.ts', 'upload-body-worker': 'src/http/uploadBody/worker.ts' },
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // `vcase-server` runs dist/main.js directly; tsup marks files with a hashbang executable.
  banner: { js: '#!/usr/bin/env node' },
});
