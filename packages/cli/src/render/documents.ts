import type { ClassifyDocumentResponse, DocumentDetail, DocumentListItem, ExtractionDataResponse } from '@vcase/sdk';
import { paint, type Style } from '../ui/style.js';
import { heading, renderPairs, renderTable } from '../ui/table.js';
import { flatten, status, when, yesNo } from './format.js';
import { sealCell, sealOf } from './seal.js';

export function renderDocumentList(items: DocumentListItem[], style: Style, footer?: string): string {
  let out = renderTable(
    style,
    ['Document id', 'Case id', 'Type', 'MIME', 'Status', 'Active', 'Created'].map((header) => ({ header })),
    items.map((d) => [d.document_id, d.case_id, d.type, d.mime_type, status(d.status), yesNo(d.active), when(d.created_at)]),
  );
  if (footer && style.tty) out += paint(style, 'dim', footer) + '\n';
  return out;
}

const validityTone = (v: DocumentDetail['validity']) => (v.document_validity === 'error' ? 'red' : v.codes.length ? 'yellow' : 'green');

export function renderDocument(d: DocumentDetail, style: Style, id?: string): string {
  let out = style.tty ? heading(style, `Document ${id ?? ''}`.trim()) : '';
  const extra = d as DocumentDetail & { status?: string };
  out += renderPairs(style, [
    // On a terminal the heading names the document; piped, the first row does.
    ...(style.tty || !id ? [] : [['document_id', id] as [string, string]]),
    ['case_id', d.case_id],
    ['type', d.type],
    ['mime_type', d.mime_type],
    ['status', extra.status === undefined ? undefined : status(extra.status)],
    ['url', d.url],
    ['validity', { text: d.validity.document_validity, tone: validityTone(d.validity) }],
    ['validity codes', d.validity.codes.join(', ')],
    ['CFDI seal', sealCell(sealOf(d.json_ocr))],
    ['OCR', ocrState(d)],
  ]);
  if (d.parsed_data && Object.keys(d.parsed_data).length) {
    out += style.tty ? '\n' + heading(style, 'Parsed data') : '';
    out += renderPairs(style, flatten(d.parsed_data));
  }
  return out;
}

/**
 * What became of the document's OCR: done; failed, with the reason the service gives (the
 * OCR's own `error`, e.g. unreadable_pdf, or the processing error in `validity.userInfo`);
 * else pending.
 */
function ocrState(d: DocumentDetail): { text: string; tone: 'green' | 'red' | 'cyan' } {
  const ocrError = (d.json_ocr as { error?: unknown } | null)?.error;
  if (typeof ocrError === 'string') return { text: `failed: ${ocrError}`, tone: 'red' };
  if (d.json_ocr) return { text: 'done', tone: 'green' };
  if (d.validity.document_validity === 'error') {
    const reason = (d.validity.userInfo as { error?: unknown }).error;
    return { text: typeof reason === 'string' && reason ? `failed: ${reason}` : 'failed', tone: 'red' };
  }
  return { text: 'pending', tone: 'cyan' };
}

export function renderClassify(c: ClassifyDocumentResponse, style: Style): string {
  return renderPairs(style, [
    ['document_id', c.document_id],
    ['type', c.type ?? { text: 'undecided', tone: 'yellow' }],
    ['subtype', c.document_subtype],
    ['method', c.method],
    ['confidence', c.confidence === null ? null : c.confidence.toFixed(2)],
  ]);
}

export function renderExtraction(e: ExtractionDataResponse, style: Style): string {
  let out = renderPairs(style, [
    ['document_id', e.document_id],
    ['validity', e.validity.document_validity],
    ['validity codes', e.validity.codes.join(', ')],
    ['CFDI seal', sealCell(e.signature)],
  ]);
  if (e.codes.length) {
    out += style.tty ? '\n' : '';
    out += renderTable(
      style,
      [{ header: 'Kind' }, { header: 'Value', shrink: true }],
      e.codes.map((c) => [c.kind, c.value]),
    );
  }
  if (e.owner) out += (style.tty ? '\n' + heading(style, 'Owner') : '') + renderPairs(style, flatten(e.owner));
  return out;
}
