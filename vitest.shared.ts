import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Workspace packages resolve to their sources in tests, so no build is needed to run them. */
export const workspaceAlias = {
  '@vcase/shared': fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)),
  '@vcase/sdk/node': fileURLToPath(new URL('./packages/sdk/src/node/index.ts', import.meta.url)),
  '@vcase/sdk': fileURLToPath(new URL('./packages/sdk/src/index.ts', import.meta.url)),
  '@vcase/corpus': fileURLToPath(new URL('./packages/corpus/src/index.ts', import.meta.url)),
};

/** The test setup every package shares; a JSON report feeds the monorepo's closing line. */
export function packageTestConfig(
  overrides: { include?: string[]; testTimeout?: number; maxWorkers?: number; projects?: TestProjectInlineConfiguration[] } = {},
) {
  return defineConfig({
    resolve: { alias: workspaceAlias },
    test: {
      include: overrides.include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: overrides.testTimeout ?? 20_000,
      hookTimeout: 60_000,
      passWithNoTests: true,
      maxWorkers: overrides.maxWorkers,
      projects: overrides.projects,
      reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    },
  });
}
