import './pdfjsPolyfills.js';
import type { getDocumentProxy } from 'unpdf';
import { isFieldLabel } from '../extractors/labels.js';
import { layoutText, type TextBox } from '../layout/index.js';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

const isTextItem = (i: unknown): i is PdfTextItem =>
  typeof (i as PdfTextItem)?.str === 'string' && Array.isArray((i as PdfTextItem).transform);

/**
 * The text runs of one page as boxes in page units, y growing downwards. A run's height is its
 * font size (the transform's vertical scale); its box reaches from the baseline up.
 */
export async function pageBoxes(pdf: PdfProxy, pageNumber: number): Promise<TextBox[]> {
  const page = await pdf.getPage(pageNumber);
  try {
    const [, , , top] = page.view;
    const content = await page.getTextContent();
    const boxes: TextBox[] = [];
    for (const item of content.items) {
      if (!isTextItem(item) || !item.str.trim()) continue;
      const [a, b, c, d, e, f] = item.transform;
      const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 1;
      const width = item.width > 0 ? item.width : item.str.length * size * 0.5;
      const baseline = top - f;
      boxes.push({ text: item.str, x0: e, x1: e + width, y0: baseline - size * 0.8, y1: baseline + size * 0.2 });
    }
    return boxes;
  } finally {
    page.cleanup();
  }
}

/** The text layer of the first `maxPages` pages in reading order, pages apart by a blank line. */
export async function pdfLayoutText(pdf: PdfProxy, maxPages: number): Promise<string> {
  const pages: string[] = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) pages.push(layoutText(await pageBoxes(pdf, p), isFieldLabel));
  return pages.filter(Boolean).join('\n\n');
}
