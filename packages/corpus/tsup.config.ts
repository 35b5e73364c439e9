import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // `vcase-corpus` runs dist/cli.js directly; tsup marks files with a hashbang executable.
  banner: { js: '#!/usr/bin/env node' },
});
