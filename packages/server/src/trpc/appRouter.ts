import { adminRouter } from './adminRouter.js';
import { casesRouter } from './casesRouter.js';
import { router } from './trpc.js';

export const appRouter = router({
  cases: casesRouter,
  admin: adminRouter,
});

/** The router type the SDK's tRPC client is typed by. */
export type AppRouter = typeof appRouter;
