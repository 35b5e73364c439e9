import type { TextView } from '../text.js';

/**
 * Headings of the blocks a printed CFDI fills with machine text: the issuer's and SAT's seals
 * (base64), the cadena original, certificate numbers, the QR's own text. Nothing in them is a
 * field of the document (docs/rules.md, "What a printed CFDI never gives"). A scan may read a
 * speck before the heading as a mark or a letter ("e Sello digital del emisor").
 */
const SEAL_HEADING = new RegExp(
  String.raw`^(?:\S{1,2}\s+)?(?:SELLO\s*(?:DIGITAL)?\s*(?:DEL?\s*)?(?:CFDI|SAT|EMISOR|CONTRIBUYENTE)?|CADENA\s*ORIGINAL|` +
    String.raw`CERTIFICADO\s*(?:DIGITAL|DEL?\s*(?:SAT|EMISOR|CSD))?|` +
    String.raw`NO\.?\s*(?:DE\s*)?(?:SERIE\s*)?(?:DEL?\s*)?CERTIFICADO|NUM(?:ERO|\.)?\s*(?:DE\s*)?(?:SERIE\s*)?(?:DEL?\s*)?CERTIFICADO|` +
    String.raw`CODIGO\s*QR)\b`,
);

/** XML printed as text (a declaration, tags): never a field's value. */
const MARKUP = /<\?xml[^\n]*?\?>|<\/?[A-Za-z][\w:.-]*(?:\s[^\n<>]*)?\/?>/g;

/** A token of base64 (a seal, a certificate) or of a cadena original (`||1.1|UUID|…`). */
function isMachineToken(token: string): boolean {
  if (/\|.*\|/.test(token)) return true;
  if (!/^[A-Za-z0-9+/=]+$/.test(token)) return false;
  return /[a-z]/.test(token) && /[A-Z]/.test(token) && (/[+/=]/.test(token) || token.length >= 40);
}

/** Same-length blanks, so offsets into the text still line up. */
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

export interface MaskOptions {
  /** Printed CFDIs: a seal heading blanks its block (its line and those after it, up to a blank line or `endsBlock`). */
  sealBlocks?: boolean;
  /** Whether a (folded, trimmed) line starts something else: a field label, a section heading. */
  endsBlock?: (line: string) => boolean;
}

/**
 * The text with XML markup and runs of base64 or of a cadena original blanked out, and with
 * `sealBlocks` the blocks under seal headings too (same length, offsets kept).
 */
export function maskMachineText(t: TextView, opts: MaskOptions = {}): TextView {
  const lines = t.folded.split('\n');
  const original = t.original.split('\n');
  let inSeal = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (opts.sealBlocks && SEAL_HEADING.test(line)) {
      // A certificate's number printed on its heading's line is the whole block.
      inSeal = !(/CERTIFICADO/.test(line) && /\d{20}/.test(line));
      lines[i] = blank(lines[i]);
      original[i] = blank(original[i]);
      continue;
    } else if (inSeal && (!line || opts.endsBlock?.(line))) inSeal = false;
    if (inSeal) {
      lines[i] = blank(lines[i]);
      original[i] = blank(original[i]);
    }
  }
  let text = original.join('\n').replace(MARKUP, blank);
  text = text.replace(/\S{16,}/g, (token) => (isMachineToken(token) ? blank(token) : token));
  const folded = lines.join('\n');
  let maskedFolded = '';
  for (let i = 0; i < text.length; i++) maskedFolded += text[i] === ' ' && folded[i] !== ' ' ? ' ' : folded[i];
  return { original: text, folded: maskedFolded };
}
