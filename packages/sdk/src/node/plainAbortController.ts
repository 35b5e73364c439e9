/**
 * An AbortController whose signal is a plain object with what createNodeFetch reads (`aborted`,
 * `reason`, its 'abort' listeners). Node's AbortSignal is an EventTarget, and one per attempt
 * left garbage that a long batch carried into the old generation (the CLI peak RSS row,
 * docs/performance.md "SDK transport"). Any other fetch gets the global AbortController.
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
