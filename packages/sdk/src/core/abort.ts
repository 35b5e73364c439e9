const waiting = new WeakMap<AbortSignal, Set<(reason: unknown) => void>>();

/**
 * Calls `callback` with the reason when `signal` aborts (at once if it already has), until
 * the returned function is called. However many calls share a signal (a batch passes one to
 * thousands), it gets one listener.
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
