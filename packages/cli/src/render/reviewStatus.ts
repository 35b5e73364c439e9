import type { CaseDetail, CaseStatusResponse } from '@vcase/sdk';
import type { Output } from '../output.js';
import type { Style } from '../ui/style.js';
import type { Cell } from '../ui/table.js';

/**
 * Why a case with documents still reads `sin_documentos`: the review status is set when the
 * case's processing closes (contract §3; operator-surface §4: `nuevo` or
 * `devuelta_correccion`), not on upload. Undefined when there is nothing to explain.
 * `processing` is the latest processing job, when known (undefined: never processed or unread).
 */
export function reviewStatusNote(
  c: Pick<CaseDetail, 'internal_id' | 'review_status' | 'files'>,
  processing?: Pick<CaseStatusResponse, 'status'>,
): string | undefined {
  if (c.review_status !== 'sin_documentos') return undefined;
  const n = c.files.filter((f) => f.active).length;
  if (!n) return undefined;
  const documents = `${n} document${n === 1 ? '' : 's'}`;
  if (processing && (processing.status === 'pending' || processing.status === 'processing')) {
    return `${documents} being processed: the review status is set when the processing ends`;
  }
  // Each upload is read on its own; the case's processing is what closes the review.
  return `${documents}; the case is not processed yet: run \`vcase cases process ${c.internal_id}\` (the review status is set when it is)`;
}

/** Piped output keeps its values alone: the note goes to stderr (on a terminal it is on the line itself; --json has the body). */
export async function pipedNote(io: Pick<Output, 'style' | 'err'>, flags: { json?: boolean }, note: string | undefined): Promise<void> {
  if (note && !flags.json && !io.style.tty) await io.err(`vcase: review status sin_documentos: ${note}\n`);
}

/** A value and, on a terminal, why it reads so (piped, the value stays alone: the command puts the note on stderr). */
export function withNote(style: Style, value: Cell, note: string | undefined): Cell {
  if (!note || !style.tty || value === null || value === undefined) return value;
  const cell = typeof value === 'object' ? value : { text: String(value) };
  return { ...cell, text: `${cell.text} · ${note}` };
}
