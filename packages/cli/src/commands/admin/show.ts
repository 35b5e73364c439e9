import type { OutputFlags } from '../../kit.js';
import type { Output } from '../../output.js';
import { pairsOf } from '../../render/format.js';
import { renderRecords } from '../../render/lookups.js';

/** Prints an admin answer: the body with --json, label/value pairs otherwise. */
export async function showAdmin(io: Output, flags: OutputFlags, body: unknown): Promise<void> {
  if (flags.json) return io.json(body ?? null);
  if (body === undefined || body === null) return io.out('');
  return io.out(pairsOf(io.style, body));
}

/** Prints an admin list: NDJSON lines, the body with --json, else a table of `columns`. */
export async function showRecords<Item extends Record<string, unknown>>(
  io: Output,
  flags: OutputFlags,
  body: { data: Item[] },
  columns: (keyof Item & string)[],
): Promise<void> {
  if (flags.ndjson) return void (await io.ndjson(body.data));
  if (flags.json) return io.json(body);
  await io.out(renderRecords(io.style, body.data, columns));
}
