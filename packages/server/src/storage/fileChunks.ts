import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * A large file's content in the database (`stored_file_chunks`, migration 009): rows of at most
 * this many bytes, each written and read by a statement of its own. The driver sends and
 * receives a binary value as hex text, twice its size: chunking bounds that extra memory to a
 * few chunks whatever the file's size, where one value would cost three copies of a 20 MB file.
 */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** Writes `content` as the chunks of `key` in `trx`; answers how many. */
export async function insertChunks(trx: Transaction<Database>, key: string, content: Uint8Array): Promise<number> {
  let seq = 0;
  for (let offset = 0; offset < content.byteLength; offset += FILE_CHUNK_BYTES, seq++) {
    const length = Math.min(FILE_CHUNK_BYTES, content.byteLength - offset);
    const piece = Buffer.from(content.buffer, content.byteOffset + offset, length);
    await trx.insertInto('stored_file_chunks').values({ key, seq, content: piece }).execute();
  }
  return seq;
}

function readChunk(db: Kysely<Database>, key: string, seq: number): Promise<Buffer | undefined> {
  return db
    .selectFrom('stored_file_chunks')
    .select('content')
    .where('key', '=', key)
    .where('seq', '=', seq)
    .executeTakeFirst()
    .then((row) => row && Buffer.from(row.content));
}

/**
 * The whole content of `key`'s `count` chunks in one buffer, sized from the chunks' lengths
 * first (the database reads them without the content), so the file is held once. Null when a
 * chunk is missing or changed size meanwhile.
 */
export async function readChunks(db: Kysely<Database>, key: string, count: number): Promise<Buffer | null> {
  const lengths = await db
    .selectFrom('stored_file_chunks')
    .select(['seq', (eb) => eb.fn<number>('length', ['content']).as('length')])
    .where('key', '=', key)
    .orderBy('seq')
    .execute();
  if (lengths.length !== count || lengths.some((c, i) => Number(c.seq) !== i)) return null;
  const out = Buffer.allocUnsafe(lengths.reduce((n, c) => n + Number(c.length), 0));
  let offset = 0;
  for (const { seq, length } of lengths) {
    const chunk = await readChunk(db, key, Number(seq));
    if (!chunk || chunk.length !== Number(length)) return null;
    offset += chunk.copy(out, offset);
  }
  return out;
}

/** The chunks of `key` one after the other, each read when the reader wants more. */
export function streamChunks(db: Kysely<Database>, key: string, count: number): Readable {
  return Readable.from(
    (async function* () {
      for (let seq = 0; seq < count; seq++) {
        const chunk = await readChunk(db, key, seq);
        if (!chunk) throw new Error(`stored file ${key} lacks chunk ${seq} of ${count}`);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}
