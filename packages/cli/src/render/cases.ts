import type {
  AssignResponse,
  CaseDetail,
  CaseListItem,
  CaseNamesResponse,
  CaseStatusResponse,
  CaseVinsResponse,
  MetadataResponse,
} from '@vcase/sdk';
import { paint, type Style } from '../ui/style.js';
import { heading, renderPairs, renderTable, type Cell } from '../ui/table.js';
import { status, when, yesNo } from './format.js';
import { reviewStatusNote, withNote } from './reviewStatus.js';

export function renderCaseList(items: CaseListItem[], style: Style, footer?: string): string {
  let out = renderTable(
    style,
    [
      { header: 'Case id' },
      { header: 'Internal id', shrink: true },
      { header: 'Review status' },
      { header: 'Created' },
      { header: 'Active' },
    ],
    items.map((c) => [c.case_id, { text: c.internal_id, tone: 'bold' }, status(c.review_status), when(c.created_at), yesNo(c.active)]),
  );
  if (footer && style.tty) out += paint(style, 'dim', footer) + '\n';
  return out;
}

export function renderCaseDetail(c: CaseDetail, style: Style): string {
  let out = style.tty ? heading(style, `Case ${c.internal_id}`) : '';
  out += renderPairs(style, [
    ['case_id', c.case_id],
    ['internal_id', c.internal_id],
    ['review_status', withNote(style, status(c.review_status), reviewStatusNote(c))],
    ['created_at', when(c.created_at)],
    ['files', String(c.files.length)],
  ]);
  if (c.files.length) {
    out += style.tty ? '\n' : '';
    out += renderTable(
      style,
      ['File id', 'Type', 'Subtype', 'MIME', 'Active', 'Created', 'OCR'].map((header) => ({ header })),
      c.files.map((f) => [
        f.file_id,
        f.document_type,
        f.document_subtype,
        f.mime_type,
        yesNo(f.active),
        when(f.created_at),
        Object.keys(f.ocr ?? {}).length ? { text: 'yes', tone: 'green' } : { text: 'no', tone: 'dim' },
      ]),
    );
  }
  return out;
}

export function renderCaseStatus(s: CaseStatusResponse, style: Style): string {
  return renderPairs(style, [
    ['job', s.job_id],
    ['status', status(s.status)],
    ['files', `${s.processed_files}/${s.total_files} processed${s.failed_files ? `, ${s.failed_files} failed` : ''}`],
    ['started', when(s.started_at)],
    ['finished', when(s.finished_at)],
    ['message', s.message],
  ]);
}

export function renderNames(body: CaseNamesResponse, style: Style): string {
  return renderTable(
    style,
    [{ header: 'Name', shrink: true }, { header: 'Person' }, { header: 'Sources', shrink: true }],
    body.names.map((n) => [n.name, n.person_type, n.sources.map((s) => `${s.document_type ?? '?'}.${s.field}`).join(', ')]),
  );
}

export function renderVins(body: CaseVinsResponse, style: Style): string {
  const primary: Cell = body.primary_vin ? { text: body.primary_vin, tone: 'bold' } : { text: 'none', tone: 'yellow' };
  let out = style.tty ? renderPairs(style, [['primary VIN', primary]]) : '';
  out += renderTable(
    style,
    [{ header: 'VIN' }, { header: 'Document' }, { header: 'Check digit' }, { header: 'Primary' }, { header: 'File id' }],
    body.vins.map((v) => [
      v.vin,
      v.document_type,
      v.check_digit_valid ? { text: 'valid', tone: 'green' } : { text: 'invalid', tone: 'red' },
      yesNo(v.is_primary),
      v.file_id,
    ]),
  );
  return out;
}

export function renderMetadata(body: MetadataResponse, style: Style): string {
  let out = renderPairs(
    style,
    Object.entries(body.metadata).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const n = body.history.length;
  const last = n ? `, last ${when(body.history.at(-1)!.date)}` : '';
  if (style.tty) out += paint(style, 'dim', `${n} history entr${n === 1 ? 'y' : 'ies'}${last}`) + '\n';
  return out;
}

export function renderAssign(body: AssignResponse, style: Style): string {
  let out = style.tty ? `Assigned to ${paint(style, 'bold', body.assigned_to)}.\n` : '';
  out += renderTable(
    style,
    [{ header: 'Date' }, { header: 'User', shrink: true }, { header: 'Pid' }, { header: 'Label', shrink: true }],
    body.assignment_history.map((h) => [when(h.date), h.user, h.pid, h.label]),
  );
  return out;
}
