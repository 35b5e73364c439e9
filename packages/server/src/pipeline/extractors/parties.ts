import { personType } from '../../domain/names.js';
import { validateRfc } from '../../domain/validators/rfc.js';
import { fold, matchesOf, segments, valuesOf, type LabelSpec, type TextView } from '../text.js';
import { cleanName } from './fields.js';
import { isFieldLabel, LABELS, PARTY_LABELS, startsWithFieldLabel } from './labels.js';
import { mendByShape } from './mend.js';
import { findSections, HEADING_WORDS, headingOf, sectionView, type Section } from './sections.js';

/** Who issued or received an invoice, as printed. */
export interface Party {
  rfc?: string;
  nombre?: string;
}

const RFC_TOKEN = String.raw`(?<![A-Z0-9&Ñ])[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[A0-9](?![A-Z0-9])`;
/** An RFC as OCR may misread it: digits for letters in the name part, letters in the date. */
const RFC_READ = String.raw`(?<![A-Z0-9&Ñ])[A-ZÑ&0-9]{3,4}[0-9OQDILZSGB]{6}[A-Z0-9]{2}[A0-9OQDILZSGB](?![A-Z0-9])`;

/**
 * An RFC from what the page reads, undoing the misreads its positions rule out (a digit in
 * the name letters, a letter in the date); undefined unless the result has an RFC's shape and
 * a real date.
 */
export function readRfc(token: string): string | undefined {
  const raw = token.toUpperCase().replace(/[\s-]/g, '');
  for (const letters of [4, 3]) {
    if (raw.length !== letters + 9) continue;
    // The homoclave's last character is a digit or an A.
    const last = raw[raw.length - 1];
    const rfc = mendByShape(raw, `${'L'.repeat(letters)}DDDDDD??${last === 'A' ? '?' : 'D'}`);
    // An RFC SAT never issues (an inconvenient word) is still what the page says: validity flags it.
    const check = validateRfc(rfc);
    if (check.valid || check.reason === 'inconvenient_word') return rfc;
  }
  return undefined;
}

/** RFCs in reading order, as read: a token that does not make an RFC stays as `undefined`. */
function rfcTokens(t: TextView): (string | undefined)[] {
  return matchesOf(t, RFC_READ).map((m) => readRfc(m.value));
}

/** Words a name never is: headings and field labels. */
function isNotAName(folded: string): boolean {
  const words = folded
    .replace(/[^A-ZÑ& ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (
    !words.length || words.every((w) => HEADING_WORDS.has(w)) || isFieldLabel(folded) || startsWithFieldLabel(folded) || !!headingOf(folded)
  );
}

/** A party's name from a value: the RFC printed beside it removed; never a heading or label. */
export function nameIn(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const upper = value
    .toUpperCase()
    .replace(/^\s*(?:NOMBRE|RAZ[OÓ]N\s*SOCIAL|DENOMINACI[OÓ]N)[^:]{0,30}:\s*/, '')
    .replace(new RegExp(RFC_TOKEN, 'g'), ' ')
    .replace(/\bR\.?\s?F\.?\s?C\.?\s*:?.*$/, ' ');
  const name = cleanName(upper);
  if (!name || isNotAName(fold(name)) || (name.match(/\d/g)?.length ?? 0) > name.length / 5) return undefined;
  return name;
}

const NAME_LABELS: Record<string, LabelSpec> = {
  ...LABELS,
  nombre_party: {
    pattern: String.raw`NOMBRE(?:\s*(?:O|/)\s*RAZON\s*SOCIAL)?|RAZON\s*SOCIAL|DENOMINACION(?:\s*(?:O|/)\s*RAZON)?(?:\s*SOCIAL)?`,
  },
};

/**
 * A party from its own block: a labeled name (Nombre, Razón social), else the text after the
 * heading on its line, else the first of the next lines that reads as a name; the RFC labeled
 * in the block, else the first one printed in it.
 */
function partyIn(t: TextView, section: Section): Party {
  const view = sectionView(t, section);
  const segs = segments(view, NAME_LABELS);
  let lineEnd = t.original.indexOf('\n', section.contentStart);
  if (lineEnd < 0 || lineEnd > section.end) lineEnd = section.end;
  // Inline after the heading ("RECEPTOR: JUAN PÉREZ  RFC: …"): up to the next label.
  const nextLabel = segs.find((g) => g.index >= section.contentStart)?.index ?? lineEnd;
  const inline = t.original.slice(section.contentStart, Math.min(lineEnd, nextLabel));
  // Below the heading, a line "Label: value" is a field; the name stands alone.
  const below = t.original
    .slice(lineEnd + 1, section.end)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3);
  const unlabeled = below.filter((l) => !/^[^:]{1,40}:/.test(l));
  const labeledName = segs.find((g) => g.key === 'nombre_party' || g.key === 'nombre');
  const nombre = labeledName
    ? withContinuation(nameIn(labeledName.value), lineAfter(t.original, labeledName.index))
    : (nameIn(inline) ?? firstName(unlabeled));
  const labeled = valuesOf(segs, 'rfc')
    .map((v) => readRfc(v.split(/\s+/)[0]))
    .find(Boolean);
  return { nombre, rfc: labeled ?? rfcTokens(view).find(Boolean) };
}

/** The end of a company name a narrow column wrapped onto the next line ("…, S.A.P.I." / "DE C.V."). */
const NAME_CONTINUATION = new RegExp(
  String.raw`^(?:(?:S\.?\s*(?:A\.?\s*(?:P\.?\s*I\.?\s*)?|C\.?\s*|DE\s*)?)?DE\s*(?:C\.?\s*V|R\.?\s*L|I\.?\s*P)\b|` +
    String.raw`S\.?\s*A\.?\s*(?:B\.?\s*)?(?:DE\s*C\.?\s*V\.?)?$|S\.?\s*C\.?$|A\.?\s*C\.?$|C\.?\s*V\.?$)`,
);

/** A name, with the next line appended when it is the wrapped rest of a company's name. */
function withContinuation(name: string | undefined, next: string | undefined): string | undefined {
  if (!name || !next) return name;
  const rest = next.trim();
  const wrapped =
    NAME_CONTINUATION.test(fold(rest)) || (/(?:,|\b(?:DE|DEL|Y|LA|LOS|LAS))$/.test(name) && !!nameIn(rest) && !/:/.test(rest));
  return wrapped ? (nameIn(`${name} ${rest}`) ?? name) : name;
}

/** The text of the line after the one holding `index`. */
function lineAfter(text: string, index: number): string | undefined {
  const end = text.indexOf('\n', index);
  if (end < 0) return undefined;
  const next = text.indexOf('\n', end + 1);
  return text.slice(end + 1, next < 0 ? undefined : next);
}

/** The first line that reads as a name, with its wrapped rest. */
function firstName(lines: readonly string[]): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const name = nameIn(lines[i]);
    if (name) return withContinuation(name, lines[i + 1]);
  }
  return undefined;
}

/** Printed invoices head the page with the issuer's company name, unlabeled. */
function headerCompany(t: TextView): string | undefined {
  const lines = t.original.split('\n');
  for (let i = 0; i < 3 && i < lines.length; i++) {
    const name = nameIn(lines[i]);
    if (name && !/\d/.test(name) && personType(name) === 'moral') return withContinuation(name, lines[i + 1]);
  }
  return undefined;
}

/**
 * Issuer and receiver of a printed invoice (docs/rules.md, "Printed invoices"): each from its own
 * block (EMISOR / RECEPTOR, CLIENTE…), else from labels that name the party (RFC emisor, Nombre
 * del receptor…). Unlabeled RFCs count by position only when the page prints exactly two
 * RFC-shaped tokens, each read whole: a misread issuer RFC never shifts the receiver's into its place.
 */
export function findParties(t: TextView): { emisor: Party; receptor: Party } {
  const sections = findSections(t);
  const of = (kind: 'emisor' | 'receptor') => {
    const s = sections.find((x) => x.kind === kind);
    return s ? partyIn(t, s) : {};
  };
  const emisor = of('emisor');
  const receptor = of('receptor');
  const segs = segments(t, PARTY_LABELS);
  emisor.rfc ??= valuesOf(segs, 'rfc_emisor')
    .map((v) => readRfc(v.split(/\s+/)[0]))
    .find(Boolean);
  receptor.rfc ??= valuesOf(segs, 'rfc_receptor')
    .map((v) => readRfc(v.split(/\s+/)[0]))
    .find(Boolean);
  emisor.nombre ??= nameIn(valuesOf(segs, 'nombre_emisor')[0]) ?? headerCompany(t);
  receptor.nombre ??= nameIn(valuesOf(segs, 'nombre_receptor')[0]);
  if (!emisor.rfc || !receptor.rfc) {
    const tokens = rfcTokens(t);
    if (tokens.length === 2 && tokens[0] && tokens[1] && tokens[0] !== tokens[1]) {
      if (!emisor.rfc && tokens[1] !== receptor.rfc) emisor.rfc = tokens[0];
      if (!receptor.rfc && tokens[0] !== emisor.rfc) receptor.rfc = tokens[1];
      if (receptor.rfc === emisor.rfc) receptor.rfc = undefined;
    }
  }
  return { emisor, receptor };
}
