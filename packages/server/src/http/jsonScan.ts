import { MAX_JSON_DEPTH } from '@vcase/shared';

/** The characters that matter outside strings: a string's start, nesting, and separators. */
const STRUCTURAL = /["{}[\],:]/g;

/** Index just past the string whose opening quote is at `start` (the text's length when it never closes). */
function afterString(text: string, start: number): number {
  let close = text.indexOf('"', start + 1);
  while (close !== -1) {
    let backslashes = 0;
    for (let i = close - 1; text.charCodeAt(i) === 92; i--) backslashes++;
    if (backslashes % 2 === 0) return close + 1;
    close = text.indexOf('"', close + 1);
  }
  return text.length;
}

/**
 * Checks JSON text before it is parsed: nesting up to `MAX_JSON_DEPTH`, and at most
 * `maxSeparators` `:` and `,` outside strings (a value with n entries has at most 2n of them).
 * JSON.parse costs far more per object key than per byte (a flat object of 60,000 keys, 1 MB,
 * holds the event loop for over 100 ms), so a body past the limits is refused before it is
 * parsed. Strings are skipped with `indexOf` (a 20 MB base64 string is one search), and the
 * scan stops at the first limit passed. Text that is not JSON is left to the parser.
 */
export function scanJsonText(text: string, maxSeparators: number): 'depth' | 'entries' | null {
  let depth = 0;
  let separators = 0;
  STRUCTURAL.lastIndex = 0;
  for (let m = STRUCTURAL.exec(text); m !== null; m = STRUCTURAL.exec(text)) {
    switch (text.charCodeAt(m.index)) {
      case 34: // "
        STRUCTURAL.lastIndex = afterString(text, m.index);
        break;
      case 123: // {
      case 91: // [
        if (++depth > MAX_JSON_DEPTH) return 'depth';
        break;
      case 125: // }
      case 93: // ]
        depth--;
        break;
      default: // , :
        if (++separators > maxSeparators) return 'entries';
    }
  }
  return null;
}
