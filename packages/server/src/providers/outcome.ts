/** What a provider answered for one lookup (operator-surface §3). */
export type ProviderOutcome =
  /** The source answered with data (the success shape of that source). */
  | { kind: 'ok'; data: Record<string, unknown> }
  /** The source answered that it has nothing for the key. */
  | { kind: 'not_found' }
  /** The source answered with its own reason, published verbatim where the contract says so. */
  | { kind: 'reason'; reason: string }
  /** The source could not be reached (no answer, throttling, authentication): worth retrying. */
  | { kind: 'error'; error: string };

/** Reads a raw outcome object (fixture or http adapter answer) into a ProviderOutcome. */
export function toOutcome(raw: Record<string, unknown>): ProviderOutcome {
  if (typeof raw.error === 'string') return { kind: 'error', error: raw.error };
  if (typeof raw.reason === 'string') return { kind: 'reason', reason: raw.reason };
  if (raw.not_found === true) return { kind: 'not_found' };
  const { delay_ms: _delay, ...data } = raw;
  return { kind: 'ok', data };
}

/** Thrown by job handlers when a source could not be reached, so the job runner retries it. */
export class SourceUnavailableError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
    this.name = 'SourceUnavailableError';
  }
}
