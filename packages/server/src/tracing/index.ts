export { startTracing, type Tracing } from './startTracing.js';
export { registerHttpSpans } from './httpSpans.js';
export { tracedHandlers } from './jobSpans.js';
export { bothHooks, SPAN_HOOKS } from './spanHooks.js';
export { activeTraceParent } from './traceContext.js';
