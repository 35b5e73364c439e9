/** The largest page the lists give (contract §4.1, "max 100"); the server brings a larger limit down to it. */
export const MAX_PAGE_SIZE = 100;

/** `--limit` as the server will apply it, saying so on stderr when it is brought down (a capped list is not silently shorter). */
export async function cappedLimit(s: { err(text: string): Promise<void> }, limit: number): Promise<number> {
  if (limit <= MAX_PAGE_SIZE) return limit;
  await s.err(`vcase: --limit ${limit} is above the maximum page size; capped to ${MAX_PAGE_SIZE} (--all or --ndjson reads every page)\n`);
  return MAX_PAGE_SIZE;
}
