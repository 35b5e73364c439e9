import type { OcrEngine, OcrOutput } from '../types.js';

/** Looks up the sandbox `ocr` outcome stored for a file's sha256 (operator-surface §3). */
export type OcrFixtureLookup = (sha256hex: string) => Promise<Record<string, unknown> | null | undefined>;

/** The `ocr` source could not answer (an `{error}` outcome): worth retrying. */
export class OcrSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OcrSourceError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The sandbox `ocr` source: when an outcome `{type?, text?, parsed_data?, json_ocr?}` is stored
 * for the file's sha256 it wins, for any MIME; without one the next engine reads the file.
 * `{error}` throws OcrSourceError. With an injected `sleep` (the document's OCR run) the answer
 * takes the outcome's `delay_ms`, else `latencyMs` (VCASE_SANDBOX_LATENCY_MS), as every sandbox
 * lookup does; without one (a synchronous read of the document's text) it comes at once.
 */
export function fixtureEngine(
  lookup: OcrFixtureLookup,
  opts: { sleep?: (ms: number) => Promise<void>; latencyMs?: number } = {},
): OcrEngine {
  return {
    name: 'ocr_fixture',
    supports: () => true,
    async run({ sha256 }): Promise<OcrOutput | null> {
      if (!sha256) return null;
      const outcome = await lookup(sha256.toLowerCase());
      if (!isObject(outcome)) return null;
      const delay = typeof outcome.delay_ms === 'number' ? outcome.delay_ms : (opts.latencyMs ?? 0);
      if (delay > 0 && opts.sleep) await opts.sleep(delay);
      if (typeof outcome.error === 'string') throw new OcrSourceError(outcome.error);
      const text = typeof outcome.text === 'string' ? outcome.text : '';
      const out: OcrOutput = {
        text,
        json_ocr: isObject(outcome.json_ocr) ? outcome.json_ocr : { source: 'ocr_fixture', text },
      };
      if (isObject(outcome.parsed_data)) out.parsed_data = outcome.parsed_data;
      if (typeof outcome.type === 'string' && outcome.type.trim()) out.type = outcome.type.trim();
      return out;
    },
  };
}
