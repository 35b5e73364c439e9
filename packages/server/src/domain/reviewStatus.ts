import type { WebhookEvent } from '@vcase/shared';

export interface ProcessedDocumentState {
  status: string;
  document_validity: string | null;
}

/** Validity verdicts that are not a problem for review. */
export const ACCEPTABLE_VALIDITY = new Set(['valid']);

/**
 * Review status when case processing closes (operator-surface §4): `nuevo` when every
 * active document was processed and none has a validity problem, else
 * `devuelta_correccion`. A case without active documents has none with a problem: `nuevo`,
 * as the rule reads.
 */
export function reviewStatusAfterProcessing(docs: readonly ProcessedDocumentState[]): string {
  const clean = docs.every((d) => d.status === 'processed' && d.document_validity !== null && ACCEPTABLE_VALIDITY.has(d.document_validity));
  return clean ? 'nuevo' : 'devuelta_correccion';
}

/** Webhooks a review-status change fires when processing closes (contract §6). */
export function eventsForReviewChange(before: string | null, after: string | null, operationalError: boolean): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  if (operationalError) events.push('error-processing');
  if (before === after) return events;
  if (after === 'nuevo') events.push('processing-in-review');
  if (after === 'devuelta_correccion' || after === 'revision_correcciones') events.push('processing-review-corrections');
  events.push('services-circulo-credito');
  return events;
}
