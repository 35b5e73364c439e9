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
  // ofetch is bundled so that loading the SDK never loads Node's fetch (undici), with ofetch's
  // published files and bundler options only (test/dist.test.ts checks it):
  noExternal: ['ofetch', 'destr', 'ufo'],
  // - the `worker` condition picks ofetch's non-Node entry from its exports map (its Node entry
  //   imports node-fetch-native);
  esbuildOptions(options) {
    options.conditions = ['worker'];
  },
  // - that entry also builds a default instance, reading `globalThis.Headers` (a getter that
  //   loads undici on Node 20), which the SDK never uses; ofetch declares `sideEffects: false`,
  //   and this pass, told that `createFetch` is pure and that reading a property has no side
  //   effect, drops it. In this build nothing else changes with it (docs/performance.md).
  treeshake: { manualPureFunctions: ['createFetch'], propertyReadSideEffects: false },
});
