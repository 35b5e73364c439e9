import { defineConfig } from 'tsup';
import { ofetchCore } from '../../tsup.shared.ts';

export default defineConfig({
  entry: { index: 'src/index.ts', trpc: 'src/trpc.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Error classes report their class name (`err.name`), so bundling must not rename them.
  keepNames: true,
  // `@vcase/server` is a type-only import (the tRPC router type); zod types come with @vcase/shared.
  external: ['@vcase/server', 'zod'],
  // ofetch's core is bundled without its entry's default instance (see ofetchCore).
  noExternal: ['ofetch'],
  esbuildPlugins: [ofetchCore()],
});
