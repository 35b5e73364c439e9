import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './database.js';

/** Runs a read at once on the connection itself, or answers null when it may not. */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const directReads = new WeakMap<Kysely<Database>, DirectRead>();

/**
 * Lets the `precompiled` reads of `db` run through `read` (db/sqlite/openSqlite.ts) instead of
 * Kysely's driver, whose connection lock and promises cost more than SQLite's answer. `read`
 * must answer null while a transaction is open on the connection: a read then would see that
 * transaction's rows before they commit, so it waits for the connection like any query. `read`
 * may answer rows kept from an earlier call (`readsWhileUnchanged`): callers of `precompiled`
 * reads must not change the rows they get.
 */
export function allowDirectReads(db: Kysely<Database>, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * A read that runs on every request, built and compiled by Kysely once per database (so in
 * that database's SQL dialect) and then run with each call's values: building and compiling a
 * small select takes about 6.6 µs, as much as SQLite's answer (bench rows: GET taxes, tickets
 * and case list, two such reads each; docs/performance.md, "Simplified").
 *
 * `build` is called once with `sample`: distinct strings standing for the arguments. Each
 * compiled parameter equal to a sample takes the matching argument; any other (a constant
 * written in the query) stays as compiled.
 */
export function precompiled<Args extends string[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  ...sample: Args
): PrecompiledRead<Args, Row> {
  const compiled = new WeakMap<Kysely<Database>, { sql: string; slots: { arg: number; value: unknown }[] }>();
  const queryOf = (db: Kysely<Database>) => {
    let query = compiled.get(db);
    if (!query) {
      const c = build(db, ...sample).compile();
      const slots = c.parameters.map((value) => ({ arg: sample.indexOf(value as string), value }));
      for (let i = 0; i < sample.length; i++) {
        if (!slots.some((s) => s.arg === i)) throw new Error(`precompiled query does not use argument ${i}`);
      }
      query = { sql: c.sql, slots };
      compiled.set(db, query);
    }
    return query;
  };
  const parametersOf = (query: { slots: { arg: number; value: unknown }[] }, args: readonly string[]) =>
    query.slots.map((s) => (s.arg >= 0 ? args[s.arg] : s.value));
  const read = async (db: Kysely<Database>, ...args: { [K in keyof Args]: string }) => {
    const query = queryOf(db);
    const parameters = parametersOf(query, args);
    const rows = directReads.get(db)?.(query.sql, parameters);
    if (rows) return rows as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
    return result.rows;
  };
  read.now = (db: Kysely<Database>, ...args: { [K in keyof Args]: string }) => {
    const direct = directReads.get(db);
    if (!direct) return null;
    const query = queryOf(db);
    return direct(query.sql, parametersOf(query, args)) as Row[] | null;
  };
  return read;
}

export interface PrecompiledRead<Args extends string[], Row> {
  (db: Kysely<Database>, ...args: { [K in keyof Args]: string }): Promise<Row[]>;
  /**
   * The rows at once, without a promise, where the database allows direct reads (SQLite,
   * no transaction open on the connection); null where the read must wait for the driver.
   */
  now(db: Kysely<Database>, ...args: { [K in keyof Args]: string }): Row[] | null;
}
