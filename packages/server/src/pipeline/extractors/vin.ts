import { isPartialVin, normalizeVin, validateVin } from '../../domain/validators/vin.js';
import { KNOWN_WMIS } from '../../domain/validators/wmi.js';
import { matchesOf, valuesOf, type Segment, type TextView } from '../text.js';

/** Letters a VIN never holds, as OCR misreads the digits: always fixed. */
const NEVER_IN_VIN: Record<string, string> = { O: '0', Q: '0', I: '1' };
/** What OCR may have read instead of each character, inside the VIN alphabet (docs/rules.md). */
const CONFUSED: Record<string, string[]> = {
  S: ['5', '8'],
  '5': ['S'],
  B: ['8'],
  '8': ['B', 'S'],
  Z: ['2'],
  '2': ['Z'],
  G: ['6'],
  '6': ['G'],
};

/** Marks OCR reads inside a VIN for a letter or digit: a narrow V as '/', J as ')', 1 as '|'. */
const GLYPHS: Record<string, string> = { '/': 'V', ')': 'J', '|': '1' };

const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;
const hasCheckDigit = (v: string) => validateVin(v).checkDigitValid;

/** A VIN read from the page, and whether OCR misreads had to be undone to get it. */
export interface VinRead {
  vin: string;
  /** What the page read as, when a single misread was undone by the check digit. */
  repairedFrom?: string;
}

/** Every way of undoing one confusion in `read`. */
function swaps(read: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < read.length; i++) for (const c of CONFUSED[read[i]] ?? []) out.push(read.slice(0, i) + c + read.slice(i + 1));
  return out;
}

/**
 * The VINs whose check digit holds at the fewest misreads from `read`: one confused character
 * (S/5/8, B/8, Z/2, G/6) or, for 18 characters, one character too many; else two confusions.
 */
function fewestMisreadsAway(read: string): string[] {
  // A read whose maker is unknown was misread there too: only candidates naming a known one count.
  const maker = (v: string) => KNOWN_WMIS.has(read.slice(0, 3)) || KNOWN_WMIS.has(v.slice(0, 3));
  const valid = (list: Iterable<string>) => [...new Set(list)].filter((v) => VIN_SHAPE.test(v) && hasCheckDigit(v) && maker(v));
  if (read.length === 18) return valid(Array.from({ length: 18 }, (_, i) => read.slice(0, i) + read.slice(i + 1)));
  const one = swaps(read);
  const found = valid(one);
  return found.length ? found : valid(one.flatMap(swaps).filter((v) => v !== read));
}

/**
 * A full VIN from what a labeled field reads: separators dropped and O/Q/I made 0/0/1; when the
 * check digit then fails (or one character is too many) the fewest misreads that make it hold
 * are undone, but only when exactly one VIN does. Undefined when nothing VIN-shaped is there.
 */
export function readVin(token: string): VinRead | undefined {
  const printed = normalizeVin(token)
    .replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, '')
    .replace(/[OQI]/g, (c) => NEVER_IN_VIN[c]);
  const read = printed.replace(/[/)|]/g, (c) => GLYPHS[c]);
  if (!/^[A-HJ-NPR-Z0-9]{17,18}$/.test(read) || !/\d/.test(read) || !/[A-Z]/.test(read)) return undefined;
  const glyphs = read !== printed;
  if (read.length === 17 && hasCheckDigit(read)) return glyphs ? { vin: read, repairedFrom: printed } : { vin: read };
  const repaired = fewestMisreadsAway(read);
  if (repaired.length === 1) return { vin: repaired[0], repairedFrom: printed };
  // A glyph read as a letter stands only when the check digit confirms it.
  return read.length === 17 && !glyphs ? { vin: read } : undefined;
}

/** Words that put an unlabeled 17-character token in a vehicle's description. */
const VEHICLE_WORD_LIST =
  String.raw`VEHICULO|AUTOMOVIL|AUTOMOTOR|CAMIONETA|CAMION|MOTOCICLETA|TRACTOCAMION|REMOLQUE|PICK\s?UP|SEDAN|` +
  String.raw`MARCA|MODELO|MOTOR|CHASIS|SERIE|NIV|VIN|CARROCERIA`;
const VEHICLE_WORDS = new RegExp(String.raw`\b(?:${VEHICLE_WORD_LIST})\b`);

/** Lines about a certificate or a seal: their "serie" is the certificate's. */
const CERTIFICATE_WORDS = /\b(?:CERTIFICADO|CSD|SELLO|CADENA)\b/;

/** Whether the line of `index` or the one before it speaks of a vehicle. */
function inVehicleContext(t: TextView, index: number): boolean {
  const lineStart = t.folded.lastIndexOf('\n', index - 1) + 1;
  const prevStart = lineStart > 0 ? t.folded.lastIndexOf('\n', lineStart - 2) + 1 : 0;
  let lineEnd = t.folded.indexOf('\n', index);
  if (lineEnd < 0) lineEnd = t.folded.length;
  return t.folded
    .slice(prevStart, lineEnd)
    .split('\n')
    .some((line) => VEHICLE_WORDS.test(line) && !CERTIFICATE_WORDS.test(line));
}

export interface FindVinOptions {
  /** Receipts print the last characters of the VIN: a labeled partial one counts. */
  partial?: boolean;
  /**
   * A vehicle's own description (a CFDI concept): any 17-character token is the vehicle's, one
   * whose check digit holds first, without asking for vehicle words around it.
   */
  description?: boolean;
  /**
   * A document about one vehicle (a tarjeta de circulación, a tax receipt): the whole page is
   * the vehicle's context, so a token whose check digit holds counts even when its label was
   * not read.
   */
  vehicleDocument?: boolean;
  /**
   * The text was read by OCR: a North American VIN (WMI 1–5, where the check digit is binding)
   * whose check digit fails even after repair is a misread, not what the page says: left out.
   */
  scanned?: boolean;
}

/**
 * The document's VIN (docs/rules.md, "VIN"): a labeled field (VIN, NIV, No. de serie, Número de
 * identificación vehicular, Serie) first, one whose check digit holds before one whose does not;
 * else an unlabeled 17-character token only when its check digit holds and it stands in a
 * vehicle's description; else, with `partial`, a labeled partial VIN. `t` comes with seals,
 * certificates and the cadena original blanked out.
 */
export function findVin(t: TextView, segs: readonly Segment[], opts: FindVinOptions = {}): VinRead | undefined {
  if (opts.scanned) {
    const vote = scannedVinVote(t, segs, opts);
    if (vote) return vote === 'disagree' ? undefined : vote;
  }
  const labeled = valuesOf(segs, 'vin');
  const reads = labeledReads(segs, opts);
  const checked = reads.find((r) => hasCheckDigit(r.vin));
  if (checked) return checked;
  const unlabeled = unlabeledTokens(t, opts).map((vin) => ({ vin }));
  const unlabeledChecked = unlabeled.find((r) => hasCheckDigit(r.vin));
  if (unlabeledChecked) return unlabeledChecked;
  if (reads[0]) return reads[0];
  if (opts.description && unlabeled[0]) return unlabeled[0];
  if (opts.partial) {
    for (const v of labeled) {
      const token = normalizeVin(v.split(/\s+/)[0]);
      if (isPartialVin(token) && /\d/.test(token)) return { vin: token };
    }
  }
  return undefined;
}

/** Unlabeled 17-character tokens that may be the VIN: in a vehicle's description or context. */
function unlabeledTokens(t: TextView, opts: FindVinOptions): string[] {
  return matchesOf(t, String.raw`(?<![A-Z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Z0-9])`)
    .filter(
      (m) => /\d/.test(m.value) && /[A-Z]/i.test(m.value) && (opts.description || opts.vehicleDocument || inVehicleContext(t, m.index)),
    )
    .map((m) => m.value.toUpperCase());
}

/** What a labeled VIN field reads: its first token, else the VIN split by spaces or glued to what follows. */
function labeledRead(value: string): VinRead | undefined {
  const first = normalizeVin(value.split(/\s+/)[0]);
  return readVin(first) ?? (first.length === 17 || first.length === 18 ? undefined : readGlued(value.replace(/\s+/g, '')));
}

/** What each labeled VIN field reads (`readVin`); a scan's misread North American VINs left out. */
function labeledReads(segs: readonly Segment[], opts: Pick<FindVinOptions, 'scanned'> = {}): VinRead[] {
  return valuesOf(segs, 'vin')
    .map(labeledRead)
    .filter((r): r is VinRead => !!r && !(opts.scanned && misreadNorthAmerican(r.vin)));
}

/** The VINs one read may be: itself when its check digit holds, else those the fewest misreads away. */
function candidatesOf(read: VinRead): string[] {
  if (hasCheckDigit(read.vin)) return [read.vin];
  return read.repairedFrom ? [read.vin] : fewestMisreadsAway(read.vin);
}

/**
 * A scanned page's reads of the VIN (labeled fields, tokens in a vehicle's description, and
 * `extra` ones) checked against each other (docs/rules.md, "VIN"): the one VIN every differing
 * read may be; 'disagree' when they have none in common (one is a misread nobody can tell
 * apart); undefined when they are one read or share several, left to the single-read rules.
 */
export function scannedVinVote(
  t: TextView,
  segs: readonly Segment[],
  opts: FindVinOptions,
  extra: readonly (string | undefined)[] = [],
): VinRead | 'disagree' | undefined {
  const reads = [
    ...valuesOf(segs, 'vin').map(labeledRead),
    ...[...unlabeledTokens(t, opts), ...extra].map((token) => token && readVin(token)),
  ].filter((r): r is VinRead => !!r);
  // A read no VIN can be (no repair passes the check) says nothing either way.
  const distinct = new Map(reads.filter((r) => candidatesOf(r).length).map((r) => [r.repairedFrom ?? r.vin, r]));
  if (distinct.size < 2) return undefined;
  const sets = [...distinct.values()].map(candidatesOf);
  const common = sets.reduce((acc, set) => acc.filter((v) => set.includes(v)));
  if (!common.length) return 'disagree';
  if (common.length > 1) return undefined;
  return distinct.has(common[0]) ? { vin: common[0] } : { vin: common[0], repairedFrom: [...distinct.keys()][0] };
}

/**
 * A VIN split by spaces or glued to what follows it: its first 18, then 17 characters. Never
 * for a token of 18 that failed as a whole: cutting its last character off and undoing two
 * confusions in the rest invents a VIN whose check digit holds by chance.
 */
function readGlued(value: string): VinRead | undefined {
  return readVin(value.slice(0, 18)) ?? readVin(value.slice(0, 17));
}

/** A North American VIN whose binding check digit fails. */
function misreadNorthAmerican(vin: string): boolean {
  return /^[1-5]/.test(vin) && !hasCheckDigit(vin);
}

/** The VIN of a read, noting in `findings` when a misread was undone to get it. */
export function vinOf(read: VinRead | undefined, findings: string[]): string | undefined {
  if (read?.repairedFrom) findings.push('VIN_REPAIRED');
  return read?.vin;
}
