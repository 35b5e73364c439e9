/**
 * Options of a suite or test that runs only when `condition` holds. The note says what it
 * needs and what to set to run it: vitest's JSON report carries it (the test's `meta`), and
 * `npm test`'s closing summary lists the skipped tests by note (scripts/test-summary.mjs),
 * so nothing is skipped in silence.
 */
export function needs(condition: unknown, note: string): { skip: boolean; meta: { skipNote: string } } {
  return { skip: !condition, meta: { skipNote: note } };
}

/** Tests that run the built packages (dist/), which `npm test` builds first. */
export const NEEDS_BUILD = 'needs the built packages: run `npm run build` first (`npm test` does)';

/** Tests against a real PostgreSQL server. */
export const NEEDS_POSTGRES = 'needs PostgreSQL: set VCASE_TEST_PG_URL to an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres';

/** Tests of SQLite files shared between processes, which do not apply to PostgreSQL. */
export const SQLITE_ONLY = 'SQLite only: runs when VCASE_TEST_PG_URL is unset';

declare module '@vitest/runner' {
  interface TaskMeta {
    skipNote?: string;
  }
}
