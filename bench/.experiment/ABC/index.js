import {
  buildApp,
  configSchema,
  createServer,
  createWorker,
  loadConfig
} from "./chunk-DLQ367JD.js";
export {
  buildApp,
  configSchema,
  createServer,
  createWorker,
  loadConfig
};
//# sourceMappingURL=index.js.map