/**
 * Abort plumbing for the transport's attempts. A batch passes one signal to thousands of
 * calls, and each attempt needs a signal of its own for its timeout; Node's AbortSignal is
 * an EventTarget whose listeners form a linked list, and both left per-request garbage that a
 * long run carried into the old generation.
 */

const waiting = new WeakMap<AbortSignal, Set<(reason: unknown) => void>>();

/**
 * Calls `callback` with the reason when `signal` aborts (at once if it already has), until
 * the returned function is called. However many calls share a signal, it gets one listener.
 */
export function onAbort(signal: AbortSignal, callback: (reason: unknown) => void): () => void {
  if (signal.aborted) {
    callback(signal.reason);
    return () => {};
  }
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const set = new Set<(reason: unknown) => void>();
    signal.addEventListener('abort', () => set.forEach((c) => c(signal.reason)), { once: true });
    waiting.set(signal, (callbacks = set));
  }
  const registered = callbacks;
  registered.add(callback);
  return () => void registered.delete(callback);
}

/**
 * An AbortController whose signal is a plain object, for the Node transport: createNodeFetch
 * reads only `aborted`, `reason` and its 'abort' listener. With any other fetch the transport
 * uses the global AbortController.
 */
export class PlainAbortController {
  readonly signal = new PlainAbortSignal();

  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    this.signal.abort(reason);
  }
}

class PlainAbortSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: (() => void)[] = [];

  addEventListener(type: string, listener: () => void): void {
    if (type === 'abort' && !this.aborted) this.listeners.push(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    const i = type === 'abort' ? this.listeners.indexOf(listener) : -1;
    if (i >= 0) this.listeners.splice(i, 1);
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.listeners.splice(0)) listener();
  }
}
