import { APIUserAbortError } from './errors.js';

/** Waits `ms`; an injected one lets tests run without real time passing. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** `setTimeout` sleep that ends early with APIUserAbortError when `signal` aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError({ cause: signal.reason }));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Sleeps with `sleep`, then throws APIUserAbortError if `signal` aborted meanwhile (an injected sleep may ignore it). */
export async function sleepUnlessAborted(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfAborted(signal);
  await sleep(ms, signal);
  throwIfAborted(signal);
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
}
