import { sandboxSourceSchema } from '@vcase/shared';
import { validationError } from '../errors.js';
import { deleteAllFixtures, fixtureKey, listFixtures, putFixture } from '../repositories/sandboxFixtures.repository.js';
import type { OperationHandlers } from './operation.js';

/** The sandbox fixtures of the `admin` group (operator-surface §3). */
export const SANDBOX_HANDLERS = {
  putSandboxFixture: async ({ ctx }, i) => {
    const source = sandboxSourceSchema.safeParse(i.params.source);
    if (!source.success) throw validationError(`Fuente de sandbox desconocida: ${i.params.source}`, { field: 'source' });
    const fixture = { source: source.data, key: fixtureKey(source.data, i.params.key), outcome: i.body };
    await putFixture(ctx.db, fixture, ctx.clock.now().toISOString());
    return fixture;
  },
  listSandboxFixtures: async ({ ctx }) => ({ data: await listFixtures(ctx.db) }),
  clearSandboxFixtures: async ({ ctx }) => {
    await deleteAllFixtures(ctx.db);
  },
} satisfies Partial<OperationHandlers>;
