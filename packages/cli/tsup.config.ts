import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  // Each command module becomes its own chunk, loaded only when that command runs.
  splitting: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  // ESM dependencies are bundled; commander (CommonJS) and @inquirer/prompts (terminal prompts
  // only) stay packages. Bench rows: `vcase --help` wall time and CLI peak RSS (docs/performance.md, round 9).
  noExternal: ['@vcase/sdk', '@vcase/shared', 'zod'],
  // Those packages as built (their dist), not their sources (tsconfig.json's paths, for types
  // and tests): the SDK's dist holds ofetch already bundled without loading undici.
  tsconfig: 'tsconfig.build.json',
  // The SDK's error classes report their class name (`err.name`): bundling must not rename them.
  keepNames: true,
});
