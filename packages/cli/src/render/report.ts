import type {
  CaseDetail,
  CaseStatusResponse,
  CaseVinsResponse,
  CreditBureauResponse,
  InvoicesResponse,
  OwnershipChainResponse,
  PedimentoResponse,
  PlateChainResponse,
  PlatesResponse,
  RapiResponse,
  RenapoResponse,
  RepuveResponse,
  TaxesResponse,
  TicketsResponse,
} from '@vcase/sdk';
import { paint, statusTone, type Style } from '../ui/style.js';
import { heading, renderPairs, renderTable, type Cell } from '../ui/table.js';
import { when } from './format.js';
import { lookupCell } from './plates.js';
import {
  aduana,
  documentsCell,
  invoicesCell,
  joined,
  ownershipCell,
  plateChainCell,
  platesCell,
  processingCell,
  repuveCell,
  reviewStatusCell,
  taxesCell,
  ticketsCell,
  vinCell,
} from './reportLines.js';
import { reviewStatusNote, withNote } from './reviewStatus.js';
import { sealSummary } from './seal.js';

/** Each part of the report: the body, `null` when not there yet (404), or the error. */
export type Part<T> = { body: T } | { missing: true } | { error: string };

export interface ReportData {
  case: CaseDetail;
  status: Part<CaseStatusResponse>;
  vins: Part<CaseVinsResponse>;
  plates: Part<PlatesResponse>;
  chain_plates: Part<PlateChainResponse>;
  ownership_chain: Part<OwnershipChainResponse>;
  repuve: Part<RepuveResponse>;
  pedimento: Part<PedimentoResponse>;
  rapi: Part<RapiResponse>;
  renapo: Part<RenapoResponse>;
  bureau: Part<CreditBureauResponse>;
  taxes: Part<TaxesResponse>;
  tickets: Part<TicketsResponse>;
  invoices: Part<InvoicesResponse>;
}

type Line = [string, Cell];

function part<T>(p: Part<T>, missing: string, show: (body: T) => Cell): Cell {
  if ('body' in p) return show(p.body);
  if ('missing' in p) return { text: missing, tone: 'dim' };
  return { text: `error: ${p.error}`, tone: 'red' };
}

/** A case's whole state on one page: one line per area, with the plates and the tenencia grid inline on a terminal. */
export function renderReport(r: ReportData, style: Style): string {
  const c = r.case;
  const active = c.files.filter((f) => f.active);
  const processing = 'body' in r.status ? r.status.body : undefined;
  const lines: Line[] = [
    ['case', `${c.internal_id} · ${c.case_id}`],
    ['review status', withNote(style, reviewStatusCell(c.review_status), reviewStatusNote(c, processing))],
    ['created', when(c.created_at)],
    ['documents', documentsCell(active)],
    ['CFDI seals', sealSummary(active)],
    ['processing', part(r.status, 'never processed', processingCell)],
    ['VIN', part(r.vins, '—', vinCell)],
    ['plates', part(r.plates, 'not computed', platesCell)],
    ['plate chain', part(r.chain_plates, 'not generated', plateChainCell)],
    ['ownership', part(r.ownership_chain, 'not generated', ownershipCell)],
    ['REPUVE', part(r.repuve, 'not run', repuveCell)],
    ['pedimento', part(r.pedimento, 'not run', (x) => joined([x.status, x.result?.data?.pedimento, aduana(x)], x.status))],
    ['RAPI', part(r.rapi, 'not run', (x) => joined([x.status, x.message], x.status))],
    ['RENAPO', part(r.renapo, 'not run', (x) => joined([x.status, x.data.curp, x.data.person?.curp_status], x.status))],
    ['credit bureau', part(r.bureau, 'not run', (x) => joined([x.status, x.document ? 'report PDF ready' : ''], x.status))],
    ['tenencia', part(r.taxes, '—', taxesCell)],
    ['tickets', part(r.tickets, '—', ticketsCell)],
    ['invoices', part(r.invoices, '—', invoicesCell)],
  ];

  if (!style.tty) return renderPairs(style, lines);
  let out = heading(style, `Case ${c.internal_id}`) + renderPairs(style, lines);
  if ('body' in r.plates && r.plates.body.plates.length) {
    out += '\n' + heading(style, 'Plates');
    out += renderTable(
      style,
      [...['Plate', 'Entity', 'Status', 'Previous', 'Lookup'].map((header) => ({ header })), { header: 'Source', shrink: true }],
      r.plates.body.plates.map((p) => [
        p.plate,
        p.entity,
        p.plate_status ? { text: p.plate_status, tone: statusTone(p.plate_status) } : null,
        p.previous_plate,
        lookupCell(p.previous_plate_lookup_status),
        p.document_type,
      ]),
    );
  }
  if ('body' in r.taxes && r.taxes.body.main_tax.result.length) {
    const rows = [...r.taxes.body.main_tax.result].sort((a, b) => b.fiscal_year - a.fiscal_year);
    out += '\n' + heading(style, `Tenencia · ${rows[0]!.plate_number}`);
    out += renderTable(
      style,
      [{ header: '' }, ...rows.map((x) => ({ header: String(x.fiscal_year), max: 14 }))],
      [
        ['Receipt', ...rows.map((x) => ({ text: x.document.message, tone: statusTone(x.document.status) }))],
        ['Portal', ...rows.map((x) => ({ text: x.source.message, tone: statusTone(x.source.status) }))],
      ],
    );
  }
  out += paint(style, 'dim', `\nDetails: vcase plates|chain plates|chain ownership|taxes|tickets|invoices ${c.internal_id}`) + '\n';
  return out;
}
