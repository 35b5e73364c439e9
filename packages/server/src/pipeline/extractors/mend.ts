/** OCR misreads of a letter as a digit, and of a digit as a letter. */
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };

/**
 * A code as read, mended where its format fixes the kind of character: `shape` has `L` where
 * only a letter fits, `D` where only a digit does, anything else where either does.
 */
export function mendByShape(token: string, shape: string): string {
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    out += shape[i] === 'L' ? (AS_LETTER[c] ?? c) : shape[i] === 'D' ? (AS_DIGIT[c] ?? c) : c;
  }
  return out;
}
