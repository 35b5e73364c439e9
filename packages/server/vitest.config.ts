import { configDefaults } from 'vitest/config';
import { packageTestConfig } from '../../vitest.shared.ts';

/**
 * Every test runs on SQLite. With `VCASE_TEST_PG_URL` (a PostgreSQL server whose user may
 * create databases; `.ci/run` starts one) the HTTP suite, the database and storage tests and
 * the PostgreSQL-only files (`*.pg.test.ts`) run a second time, on PostgreSQL, beside the
 * first run: each test server gets a database of its own (`test/helpers/testServer.ts`).
 */
const pgUrl = process.env.VCASE_TEST_PG_URL;
const PG_ONLY = 'test/**/*.pg.test.ts';
/**
 * What a PostgreSQL run would only repeat: SQLite's file, WAL and checkpoints, other processes
 * writing it, files on disk, and the listening tests (`listeningConfig`: SQLite whatever the run).
 */
const NOT_ON_POSTGRES = [
  'test/db/{sqliteFile,unchangedReads,walCheckpointer}.test.ts',
  'test/http/{otherProcessWrites,listen,closing}.test.ts',
  'test/storage/{fileStore,segmentFiles}.test.ts',
];

// Each project names its own files (a project's lists add to the root's, left empty).
export default packageTestConfig({
  include: [],
  // One file at a time, PostgreSQL or not (vitest's default on 2 cores): two at once saved a
  // fifth of the time but, on a busy machine, starved the suites' tight timers (a 60 ms lease).
  projects: [
    {
      extends: true,
      // The SQLite run never sees the server: without one, the PostgreSQL-only files skip there.
      test: {
        name: 'sqlite',
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...(pgUrl ? [PG_ONLY] : [])],
        env: { VCASE_TEST_PG_URL: '' },
      },
    },
    ...(pgUrl
      ? [
          {
            extends: true as const,
            test: {
              name: 'postgresql',
              include: ['test/http/**/*.test.ts', 'test/db/**/*.test.ts', 'test/storage/**/*.test.ts', PG_ONLY],
              exclude: [...configDefaults.exclude, ...NOT_ON_POSTGRES],
            },
          },
        ]
      : []),
  ],
});
