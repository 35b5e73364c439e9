import { describe, expect, it } from 'vitest';
import { eventsForReviewChange, reviewStatusAfterProcessing } from './reviewStatus.js';

describe('review status when processing closes (operator-surface §4)', () => {
  it.each([
    ['every document processed and valid → nuevo', [{ status: 'processed', document_validity: 'valid' }], 'nuevo'],
    [
      'a document with a validity problem → devuelta_correccion',
      [
        { status: 'processed', document_validity: 'valid' },
        { status: 'processed', document_validity: 'invalid' },
      ],
      'devuelta_correccion',
    ],
    ['a document that failed → devuelta_correccion', [{ status: 'error', document_validity: 'error' }], 'devuelta_correccion'],
    ['no documents → nuevo (no document has a problem)', [], 'nuevo'],
  ])('%s', (_n, docs, expected) => expect(reviewStatusAfterProcessing(docs)).toBe(expected));
});

describe('webhooks for a review-status change (contract §6)', () => {
  it.each([
    ['→ nuevo', 'sin_documentos', 'nuevo', false, ['processing-in-review', 'services-circulo-credito']],
    ['→ devuelta_correccion', 'nuevo', 'devuelta_correccion', false, ['processing-review-corrections', 'services-circulo-credito']],
    ['→ revision_correcciones', 'nuevo', 'revision_correcciones', false, ['processing-review-corrections', 'services-circulo-credito']],
    ['→ en_revision (other change)', 'nuevo', 'en_revision', false, ['services-circulo-credito']],
    ['no change', 'nuevo', 'nuevo', false, []],
    ['operational error without change', 'nuevo', 'nuevo', true, ['error-processing']],
  ])('%s', (_n, before, after, err, events) => expect(eventsForReviewChange(before, after, err)).toEqual(events));
});
