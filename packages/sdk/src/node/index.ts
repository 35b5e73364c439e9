import type { AbortControllerClass, FetchTransport } from '../core/transport.js';
import { FastHeaders } from './fastHeaders.js';
import { createNodeFetch } from './nodeFetch.js';
import { PlainAbortController } from './plainAbortController.js';

export { createNodeFetch };

/**
 * The Node transport, an opt-in: `new Vcase({ transport: nodeTransport() })`. ofetch sends
 * through node:http(s) with keep-alive, plain headers and plain abort signals; it never loads
 * Node's global fetch (undici). README "Choosing the transport" says when it pays.
 */
export function nodeTransport(): FetchTransport {
  // Its signals and headers are plain objects that only createNodeFetch reads.
  return {
    fetch: createNodeFetch(),
    AbortController: PlainAbortController as unknown as AbortControllerClass,
    Headers: FastHeaders as unknown as typeof Headers,
  };
}
