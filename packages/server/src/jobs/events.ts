import { EventEmitter } from 'node:events';

/**
 * What the queue tells runners of the same process (graphile-worker's `events`): `enqueued`,
 * with the kind, whenever a job is queued, so an idle runner claims it at once instead of at
 * its next poll. One per context: runners of another context hear nothing of it.
 */
export type JobEvents = EventEmitter<{ enqueued: [kind: string] }>;

export function createJobEvents(): JobEvents {
  const events: JobEvents = new EventEmitter();
  // Every runner of the context listens; none leaks (stop() removes its listener).
  events.setMaxListeners(0);
  return events;
}
