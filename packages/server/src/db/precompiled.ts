import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './database.js';

/**
 * A query that runs on every request, built and compiled by Kysely once per database (so in
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
): (db: Kysely<Database>, ...args: { [K in keyof Args]: string }) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<Database>, { sql: string; slots: { arg: number; value: unknown }[] }>();
  return async (db, ...args) => {
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
    const parameters = query.slots.map((s) => (s.arg >= 0 ? args[s.arg] : s.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
    return result.rows;
  };
}
