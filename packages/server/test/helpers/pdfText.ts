import { pdfTextEngine } from '../../src/pipeline/index.js';
import { makePdf } from '../pipeline/helpers.js';

/** The text the PDF engine reads from a one-page PDF whose text layer holds `lines`. */
export async function pdfText(lines: readonly string[]): Promise<string> {
  const out = await pdfTextEngine.run({ bytes: await makePdf(lines), mime: 'application/pdf', sha256: 'x' });
  return out?.text ?? '';
}
