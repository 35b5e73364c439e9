export { buildApp, type AppDeps } from './app.js';
export { createServer, createWorker, type CreateServerOptions, type VcaseServer } from './server.js';
export { loadConfig, configSchema, type Config } from './config.js';
export type { AppRouter } from './trpc/appRouter.js';
export type { ServerContext } from './context.js';
// The document pipeline, for the accuracy bench and integrations that read files in-process.
export {
  processDocument,
  defaultEngines,
  closeSharedTesseractPool,
  MemoryBudget,
  readingCost,
  type ProcessDocumentInput,
  type ProcessedDocument,
} from './pipeline/index.js';
