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
  // The CLI is an application: its ESM dependencies are bundled, so a start reads a few files
  // instead of resolving and loading hundreds (zod alone is 150 modules, 64 of them locales
  // that `import * as z` lets the bundler drop). commander (CommonJS) and @inquirer/prompts
  // (loaded only for prompts on a terminal) stay packages.
  noExternal: ['@vcase/sdk', '@vcase/shared', 'zod'],
  // Those packages as built (their dist), not their sources (tsconfig.json's paths, for types
  // and tests): the SDK's dist holds ofetch already bundled without loading undici.
  tsconfig: 'tsconfig.build.json',
  // The SDK's error classes report their class name (`err.name`): bundling must not rename them.
  keepNames: true,
});
