import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/main.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // `vcase-server` runs dist/main.js directly; tsup marks files with a hashbang executable.
  banner: { js: '#!/usr/bin/env node' },
});
