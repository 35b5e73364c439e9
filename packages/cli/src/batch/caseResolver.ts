import type { Client } from '../context.js';
import { RowError } from '../errors.js';
import { findCasesByInternalId } from '../caseResolution.js';

const MAX_CACHED = 10_000;

/**
 * `internal_id` → `case_id` through the case list filter, shared by the rows of a batch:
 * one lookup per internal_id in flight, answers kept in a bounded cache (oldest dropped
 * first) so memory stays flat however long the input is.
 */
export class CaseResolver {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly client: Client) {}

  resolve(internalId: string, signal?: AbortSignal): Promise<string> {
    const hit = this.cache.get(internalId);
    if (hit) return hit;
    const lookup = findCasesByInternalId(this.client, internalId, signal);
    const promise = lookup.then((matches) => {
      const found = caseIdOf(internalId, matches);
      if (!found) throw new RowError('CASE_NOT_FOUND', `no active case with internal_id "${internalId}"`);
      return found;
    });
    this.remember(internalId, promise);
    // An answer sticks, "no such case" included; a lookup that got none (connection, abort) does not.
    lookup.catch(() => {
      if (this.cache.get(internalId) === promise) this.cache.delete(internalId);
    });
    return promise;
  }

  /** The case_id, null when there is none; several active cases with that internal_id is an error. */
  async find(internalId: string, signal?: AbortSignal): Promise<string | null> {
    return caseIdOf(internalId, await findCasesByInternalId(this.client, internalId, signal));
  }

  /** After creating a case, later rows of the same internal_id find it without a lookup. */
  remember(internalId: string, value: string | Promise<string>): void {
    this.cache.set(internalId, Promise.resolve(value));
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
  }
}

function caseIdOf(internalId: string, matches: readonly { case_id: string }[]): string | null {
  if (matches.length > 1) {
    throw new RowError('AMBIGUOUS_INTERNAL_ID', `${matches.length} active cases have internal_id "${internalId}"; give case_id instead`);
  }
  return matches[0]?.case_id ?? null;
}
