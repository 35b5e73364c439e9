import { fileURLToPath } from 'node:url';

/** Workspace packages resolve to their sources in tests, so no build is needed to run them. */
export const workspaceAlias = {
  '@vcase/shared': fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)),
  '@vcase/sdk': fileURLToPath(new URL('./packages/sdk/src/index.ts', import.meta.url)),
};
