import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', trpc: 'src/trpc.ts', node: 'src/node/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Error classes report their class name (`err.name`), so bundling must not rename them.
  keepNames: true,
  // zod types come with @vcase/shared (as does the tRPC router type, `@vcase/shared/trpc`).
  external: ['zod'],
});
