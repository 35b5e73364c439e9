import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * Bundles ofetch's `createFetch` from its core module instead of the package entry.
 *
 * ofetch's entries build a default instance when imported: they read `globalThis.Headers` and,
 * on Node, load node-fetch-native. On Node 20 that getter loads Node's bundled undici: about
 * 40 ms, plus 160 KB of node-fetch-native, at every CLI start, for a fetch the SDK never uses
 * on Node (it brings its own, see the SDK's createNodeFetch). The entry's own lines that name
 * the core module are re-exported, so an ofetch release with a new chunk name keeps working;
 * if they cannot be found the build fails rather than guess.
 */
export function ofetchCore(): EsbuildPlugin {
  return {
    name: 'ofetch-core',
    setup(build) {
      build.onResolve({ filter: /^ofetch$/ }, (args) => {
        const entry = createRequire(path.join(args.resolveDir, 'index.js')).resolve('ofetch').replace(/\.cjs$/, '.mjs');
        const lines = readFileSync(entry, 'utf8')
          .split('\n')
          .filter((line) => /^(import|export) \{[^}]*\} from '\.\/shared\/[^']+';$/.test(line));
        if (!lines.some((line) => line.includes(' as createFetch'))) throw new Error(`ofetch-core: no createFetch import in ${entry}`);
        const contents = lines.map((line) => line.replace(/^import /, 'export ')).join('\n');
        return { path: entry, namespace: 'ofetch-core', pluginData: { contents, resolveDir: path.dirname(entry) } };
      });
      build.onLoad({ filter: /.*/, namespace: 'ofetch-core' }, (args) => ({ ...args.pluginData, loader: 'js' }));
    },
  };
}
