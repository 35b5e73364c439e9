import { createRequire } from 'node:module';
import path from 'node:path';
import type { TextBox } from '../layout/index.js';

/** What tesseract read from one image: its text, mean confidence and words line by line. */
export interface Recognized {
  text: string;
  confidence: number;
  lines: TextBox[][];
}

export interface TesseractPoolOptions {
  /** Tesseract language codes whose data ships as `@tesseract.js-data/<code>`; default `spa`. */
  languages?: string[];
  /** Images read at once (one WebAssembly worker each, ~150 MB); default 1. */
  size?: number;
  /** A worker left idle this long is ended, so an idle server holds no OCR memory; default 10 s. */
  idleMs?: number;
}

type Worker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/** Directory of the language data shipped in `@tesseract.js-data/<lang>` (the compact model). */
function languageDir(lang: string): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`@tesseract.js-data/${lang}/package.json`);
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/**
 * How every page is segmented: tesseract's own default, a single uniform block (PSM 6), set
 * on each new worker and restored after every line read (PSM 7), so a page reads the same
 * whatever the worker read before it.
 */
const PAGE_MODE = '6';

async function startWorker(languages: string[]): Promise<Worker> {
  const mod = (await import('tesseract.js')) as unknown as { default?: typeof import('tesseract.js') } & typeof import('tesseract.js');
  const { createWorker } = mod.default ?? mod;
  const worker = await createWorker(languages, 1, {
    langPath: languageDir(languages[0]),
    gzip: true,
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows a failed job as an uncaught exception.
    errorHandler: () => {},
  });
  await worker.setParameters({ tessedit_pageseg_mode: PAGE_MODE as never });
  return worker;
}

/** TSV columns: level, page, block, paragraph, line, word, left, top, width, height, conf, text. */
const WORD_LEVEL = '5';

/**
 * The words of tesseract's TSV, line by line, as boxes in pixels. TSV rather than the blocks
 * JSON: the same words and boxes, cheaper to build and to pass from the worker.
 * Bench row: accuracy.ocr_speed (pipeline vs bare recognize).
 */
export function linesOfTsv(tsv: string | null | undefined): TextBox[][] {
  const out: TextBox[][] = [];
  let line: TextBox[] = [];
  let lineKey = '';
  for (const row of (tsv ?? '').split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== WORD_LEVEL || cols.length < 12) continue;
    const text = cols.slice(11).join('\t');
    if (!text.trim()) continue;
    const key = cols.slice(1, 5).join('.');
    if (key !== lineKey && line.length) {
      out.push(line);
      line = [];
    }
    lineKey = key;
    const [x0, y0, width, height] = cols.slice(6, 10).map(Number);
    line.push({ text, x0, y0, x1: x0 + width, y1: y0 + height });
  }
  if (line.length) out.push(line);
  return out;
}

/**
 * Long-lived tesseract.js workers (WebAssembly, offline: the engine comes from
 * `tesseract.js-core`, the Spanish model from `@tesseract.js-data/spa`). Starting a worker and
 * loading the model costs more than reading a page, so workers are kept between images and
 * ended once idle; images wait their turn, which also bounds OCR memory to `size` workers.
 */
export class TesseractPool {
  readonly languages: string[];
  private readonly size: number;
  private readonly idleMs: number;
  private idle: Worker[] = [];
  private active = 0;
  private queue: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(opts: TesseractPoolOptions = {}) {
    this.languages = opts.languages ?? ['spa'];
    this.size = Math.max(1, opts.size ?? 1);
    this.idleMs = opts.idleMs ?? 10_000;
  }

  /** Reads one image (an encoded PNG, JPEG, TIFF or BMP). Throws when tesseract cannot decode it. */
  async recognize(image: Buffer): Promise<Recognized> {
    return this.withWorker(async (worker) => {
      const { data } = await worker.recognize(image, {}, { text: true, tsv: true });
      return { text: data.text, confidence: data.confidence, lines: linesOfTsv(data.tsv) };
    });
  }

  /** Reads an image holding one line of text, taking only the characters of `alphabet`. */
  async readLine(image: Buffer, alphabet: string): Promise<string> {
    return this.withWorker(async (worker) => {
      await worker.setParameters({ tessedit_pageseg_mode: '7' as never, tessedit_char_whitelist: alphabet });
      try {
        return (await worker.recognize(image, {}, { text: true })).data.text.trim();
      } finally {
        await worker.setParameters({ tessedit_pageseg_mode: PAGE_MODE as never, tessedit_char_whitelist: '' });
      }
    });
  }

  private async withWorker<T>(job: (worker: Worker) => Promise<T>): Promise<T> {
    await this.turn();
    try {
      const worker = this.idle.pop() ?? (await startWorker(this.languages));
      try {
        const out = await job(worker);
        this.idle.push(worker);
        return out;
      } catch (err) {
        // A failed job may leave the WebAssembly heap in any state: the next image gets a new worker.
        void worker.terminate().catch(() => {});
        throw err;
      }
    } finally {
      this.done();
    }
  }

  /** Ends every idle worker (server shutdown). The pool starts new ones if asked again. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((w) => w.terminate().catch(() => {})));
  }

  private async turn(): Promise<void> {
    clearTimeout(this.timer);
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private done() {
    const next = this.queue.shift();
    if (next) return next(); // the turn passes on; `active` stays
    this.active--;
    if (this.active === 0) {
      this.timer = setTimeout(() => void this.close(), this.idleMs);
      this.timer.unref();
    }
  }
}

let shared: TesseractPool | undefined;

/** The process's pool: one worker, shared by every engine that is not given its own. */
export function sharedTesseractPool(): TesseractPool {
  shared ??= new TesseractPool();
  return shared;
}

/** Ends the shared pool's workers (called when the server stops). */
export async function closeSharedTesseractPool(): Promise<void> {
  await shared?.close();
}
