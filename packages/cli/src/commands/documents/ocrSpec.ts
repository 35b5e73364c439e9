import type { DocumentDetail } from '@vcase/sdk';
import type { Client } from '../../context.js';
import type { LookupSpec } from '../../lookup.js';
import { renderDocument } from '../../render/documents.js';

/** A document's OCR as a lookup (`upload --watch`, `reclassify`, `process`). */
export function ocrSpec(client: Client, id: string): LookupSpec<DocumentDetail, { job_id: string }> {
  return {
    what: 'OCR',
    read: (r) => client.documents.get(id, r),
    wait: (w) => client.documents.waitForOcr(id, w),
    // Also an OCR that ran but could not read the file (json_ocr.error, e.g. unreadable_pdf).
    failed: (b) =>
      (b as { status?: string }).status === 'error' ||
      b.validity.document_validity === 'error' ||
      typeof (b.json_ocr as { error?: unknown } | null)?.error === 'string',
    progress: (b) => (b as { status?: string }).status ?? 'running',
    render: (b, style) => renderDocument(b, style, id),
    followUp: `vcase documents get ${id}`,
  };
}
