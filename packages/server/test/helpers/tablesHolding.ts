import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';

/** A row as text: stored bytes read as latin1, so a secret inside them shows too. */
const rowText = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_key, v: unknown) => {
    const bytes = v as { type?: unknown; data?: unknown } | null;
    if (bytes && bytes.type === 'Buffer' && Array.isArray(bytes.data)) return Buffer.from(bytes.data as number[]).toString('latin1');
    return typeof v === 'bigint' ? String(v) : v;
  });

/** Names of the tables that hold `text` anywhere in any row (SQLite or PostgreSQL). */
export async function tablesHolding(db: Kysely<Database>, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await db.introspection.getTables()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    if (rows.some((row) => rowText(row).includes(text))) found.push(table.name);
  }
  return found;
}
