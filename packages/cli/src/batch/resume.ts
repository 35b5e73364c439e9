import fs from 'node:fs';
import { readLines } from './lines.js';

/**
 * Keys of the rows a previous run finished (`"ok": true`) from its NDJSON output. Lines that
 * do not parse (a run killed mid-line) are ignored. Only the keys are kept (32 characters
 * each), so resuming a 100,000-row run costs a few MB.
 */
export async function loadDoneKeys(file: string): Promise<Set<string>> {
  const done = new Set<string>();
  for await (const line of readLines(fs.createReadStream(file))) {
    if (!line.includes('"ok":true')) continue;
    try {
      const row = JSON.parse(line) as { ok?: unknown; key?: unknown };
      if (row.ok === true && typeof row.key === 'string') done.add(row.key);
    } catch {
      // a truncated last line
    }
  }
  return done;
}
