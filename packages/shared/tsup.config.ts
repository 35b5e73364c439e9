import { defineConfig } from 'tsup';

export default defineConfig({
  // `trpc` is types only (the router's type, for tRPC clients): its own entry, so that only
  // what imports it needs @trpc/server's types.
  entry: { index: 'src/index.ts', trpc: 'src/trpc.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
