import fs from 'node:fs/promises';
import path from 'node:path';
import type { Expected } from '../expected.js';
import { subjectDocuments, type BuildContext } from './documents.js';
import { PLAN, type Subject } from './plan.js';

/**
 * Version of what the generator writes: bump it whenever a document's bytes or expected
 * fields change, so caches keyed by it (the accuracy bench) are rebuilt.
 */
export const CORPUS_VERSION = 1;
export const DEFAULT_SEED = 'vcase-corpus';

export interface GenerateOptions {
  out: string;
  quick?: boolean;
  seed?: string;
  sign?: BuildContext['sign'];
  /** Subjects built at once (default 2: rasterising is CPU-bound). */
  concurrency?: number;
  onDocument?: (file: string) => void;
}

export interface ManifestEntry {
  file: string;
  mime: string;
  expected: string;
  family: Expected['family'];
  format: Expected['format'];
  dpi?: number;
}

export interface Manifest {
  version: number;
  seed: string;
  quick: boolean;
  documents: ManifestEntry[];
}

/**
 * Writes the corpus into `out`: each document beside its `<name>.expected.json`, and a
 * `manifest.json` listing them in plan order. The same options write the same bytes.
 */
export async function generateCorpus(opts: GenerateOptions): Promise<Manifest> {
  const seed = opts.seed ?? DEFAULT_SEED;
  const ctx: BuildContext = { seed, quick: !!opts.quick, sign: opts.sign };
  await fs.mkdir(opts.out, { recursive: true });
  const perSubject: ManifestEntry[][] = PLAN.map(() => []);
  let next = 0;
  const worker = async () => {
    while (next < PLAN.length) {
      const i = next++;
      for await (const doc of subjectDocuments(PLAN[i] as Subject, ctx)) {
        const expectedFile = `${doc.file.replace(/\.[^.]+$/, '')}.expected.json`;
        await fs.writeFile(path.join(opts.out, doc.file), doc.bytes);
        await fs.writeFile(path.join(opts.out, expectedFile), `${JSON.stringify(doc.expected, null, 2)}\n`);
        perSubject[i].push({
          file: doc.file,
          mime: doc.mime,
          expected: expectedFile,
          family: doc.expected.family,
          format: doc.expected.format,
          dpi: doc.expected.dpi,
        });
        opts.onDocument?.(doc.file);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  const manifest: Manifest = { version: CORPUS_VERSION, seed, quick: !!opts.quick, documents: perSubject.flat() };
  await fs.writeFile(path.join(opts.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
