import { CompiledQuery, type Compilable, type Insertable, type Kysely } from 'kysely';
import type { Database } from './database.js';

/** Runs a read at once on the connection itself, or answers null when it may not. */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const directReads = new WeakMap<Kysely<Database>, DirectRead>();

/**
 * Lets the `precompiled` reads of `db` run through `read` (SQLite) instead of Kysely's
 * driver, whose connection lock and promises cost twice what SQLite takes to answer them
 * (about 16 µs against 8 for the case revision read of every cached GET). `read` must answer
 * null while a transaction is open on the connection: a read then would see that
 * transaction's rows before they commit, so it waits for the connection like any query.
 * `read` may answer rows kept from an earlier call (`readsWhileUnchanged`): callers of
 * `precompiled` reads must not change the rows they get.
 */
export function allowDirectReads(db: Kysely<Database>, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * A read that runs on every request, built and compiled by Kysely once per database (so in
 * that database's SQL dialect) and then run with each call's values. Building a query costs
 * about as much as SQLite takes to answer a primary-key read.
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

const insertSql = new WeakMap<object, Map<string, string | null>>();

/**
 * Inserts `row` into `table` with SQL compiled by Kysely once per SQL dialect and column list,
 * then run with each row's values: for the inserts of every upload, where building the query
 * cost about as much as SQLite takes to run it. `db` may be a transaction. A row whose compiled
 * values are not simply its own values, in its own order, is built by Kysely every time.
 */
export async function insertRow<T extends keyof Database & string>(db: Kysely<Database>, table: T, row: Insertable<Database[T]>) {
  const adapter = db.getExecutor().adapter;
  let byShape = insertSql.get(adapter);
  if (!byShape) insertSql.set(adapter, (byShape = new Map()));
  const shape = `${table}\u0000${Object.keys(row).join('\u0000')}`;
  let sql = byShape.get(shape);
  const values = Object.values(row);
  if (sql === undefined) {
    const compiled = db.insertInto(table).values(row as never).compile();
    const plain = compiled.parameters.length === values.length && compiled.parameters.every((p, i) => p === values[i]);
    sql = plain ? compiled.sql : null;
    byShape.set(shape, sql);
    if (!plain) return void (await db.executeQuery(compiled));
  }
  if (sql === null) return void (await db.insertInto(table).values(row as never).execute());
  await db.executeQuery(CompiledQuery.raw(sql, values));
}
