import sharp from 'sharp';
import { validateRfc } from '../../domain/validators/rfc.js';
import { validateVin } from '../../domain/validators/vin.js';
import type { TextBox } from '../layout/index.js';
import type { TesseractPool } from './tesseractPool.js';

/** An identifier's shape as read, the check a right reading passes, and the characters it may hold. */
interface IdentifierKind {
  read: RegExp;
  valid: (value: string) => boolean;
  alphabet: string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Identifiers whose misreads a check can tell (docs/rules.md, "Reading scans"). */
const KINDS: IdentifierKind[] = [
  // VIN: O, I and Q never appear; the check digit holds.
  { read: /^[A-Z0-9]{17,18}$/, valid: (v) => validateVin(v).checkDigitValid, alphabet: 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789' },
  // RFC: an RFC's shape and a real date.
  { read: /^[A-Z0-9&Ñ]{12,13}$/, valid: (v) => validateRfc(v).valid, alphabet: `${ALNUM}&Ñ` },
  // Folio fiscal: a UUID in hexadecimal.
  {
    read: /^[0-9A-Z]{8}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{12}$/,
    valid: (v) => /^[0-9A-F]{8}(?:-[0-9A-F]{4}){3}-[0-9A-F]{12}$/.test(v),
    alphabet: '0123456789ABCDEF-',
  },
];

/** Identifiers re-read per page at most (each costs a small OCR run). */
const MAX_REREADS = 8;
/** The word's crop is enlarged this much: small print reads far better at a larger size. */
const SCALE = 3;

/** A word as its identifier: trailing punctuation dropped, uppercase. */
const core = (text: string) => text.toUpperCase().replace(/^[^A-Z0-9&Ñ]+|[^A-Z0-9&Ñ]+$/g, '');

/**
 * The kind of identifier a word looks like but does not pass the check of, if any: printed in
 * capitals (a seal's base64 is not), with letters and digits both.
 */
function misread(word: string): IdentifierKind | undefined {
  if (/[a-z]/.test(word)) return undefined;
  const w = core(word);
  if ((w.match(/\d/g)?.length ?? 0) < 3 || (w.match(/[A-Z]/g)?.length ?? 0) < 3) return undefined;
  return KINDS.find((k) => k.read.test(w) && !k.valid(w));
}

/**
 * The one reading, taking each character from either of two reads of the same word, that
 * passes `valid`… is left to the caller: here every mix of the two where they differ (at most
 * 6 places), so two reads that each misread a different character can still agree.
 */
function combined(a: string, b: string): string[] {
  if (a.length !== b.length || a === b) return [];
  const diff = [...a].map((_, i) => i).filter((i) => a[i] !== b[i]);
  if (diff.length > 6) return [];
  const out: string[] = [];
  for (let mask = 1; mask < 2 ** diff.length - 1; mask++) {
    const chars = [...a];
    diff.forEach((i, bit) => {
      if (mask & (1 << bit)) chars[i] = b[i];
    });
    out.push(chars.join(''));
  }
  return out;
}

/** Edits (insertions, deletions, substitutions) between `a` and `b`. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length];
}

/**
 * A fresh read far from the first one is a different misread, not a correction: a check digit
 * or a hexadecimal shape passes by chance often enough (1 in 11 for a VIN) to invent a value.
 */
const MAX_REREAD_EDITS = 2;

/** One word's box cut from the page, enlarged, on a white margin. */
async function crop(page: Buffer, box: TextBox, size: { width: number; height: number }): Promise<Buffer> {
  const pad = Math.round((box.y1 - box.y0) * 0.35);
  const left = Math.max(0, Math.floor(box.x0 - pad));
  const top = Math.max(0, Math.floor(box.y0 - pad));
  const width = Math.min(size.width - left, Math.ceil(box.x1 - box.x0 + 2 * pad));
  const height = Math.min(size.height - top, Math.ceil(box.y1 - box.y0 + 2 * pad));
  return sharp(page)
    .extract({ left, top, width, height })
    .resize({ width: width * SCALE, height: height * SCALE, kernel: 'lanczos3' })
    .extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#ffffff' })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Words that look like a VIN, an RFC or a folio fiscal but fail its check are read again from
 * the page, enlarged and limited to the identifier's characters; the new reading replaces the
 * word only when it passes the check. Lines are changed in place; answers how many were replaced.
 */
export async function rereadIdentifiers(pool: TesseractPool, page: Buffer, lines: TextBox[][]): Promise<number> {
  const suspects = lines.flatMap((line) => line.map((word, i) => ({ line, i, kind: misread(word.text) }))).filter((s) => s.kind);
  if (!suspects.length) return 0;
  const meta = await sharp(page).metadata();
  const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  let replaced = 0;
  for (const s of suspects.slice(0, MAX_REREADS)) {
    const word = s.line[s.i];
    const again = core((await pool.readLine(await crop(page, word, size), s.kind!.alphabet)).replace(/\s+/g, ''));
    const first = core(word.text);
    const candidates = editDistance(first, again) <= MAX_REREAD_EDITS ? [again, ...combined(first, again)] : [];
    const agreed = candidates.find((v) => s.kind!.read.test(v) && s.kind!.valid(v));
    if (agreed) {
      s.line[s.i] = { ...word, text: agreed };
      replaced++;
    }
  }
  return replaced;
}
