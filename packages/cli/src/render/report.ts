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
import { CHECKS, checkCell } from './invoices.js';
import { ownershipNodes } from './ownership.js';
import { lookupCell } from './plates.js';
import { sealSummary } from './seal.js';
import { groupTickets, ticketVerdict } from './tickets.js';
import { reviewStatusNote, withNote } from './reviewStatus.js';

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

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** A case's whole state on one page: one line per area, with the plates and the tenencia grid inline on a terminal. */
export function renderReport(r: ReportData, style: Style): string {
  const c = r.case;
  const active = c.files.filter((f) => f.active);
  const types = new Map<string, number>();
  for (const f of active) types.set(f.document_type, (types.get(f.document_type) ?? 0) + 1);
  const tone = (s: string | null | undefined) => statusTone(s ?? undefined);

  const lines: Line[] = [
    ['case', `${c.internal_id} · ${c.case_id}`],
    ['review status', withNote(style, { text: c.review_status ?? '—', tone: c.review_status === 'nuevo' ? 'green' : c.review_status === 'devuelta_correccion' ? 'red' : undefined }, reviewStatusNote(c, 'body' in r.status ? r.status.body : undefined))],
    ['created', when(c.created_at)],
    ['documents', active.length ? `${active.length} active: ${[...types].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ')}` : { text: 'none', tone: 'yellow' }],
    ['CFDI seals', sealSummary(active)],
    ['processing', part(r.status, 'never processed', (s) => ({ text: `${s.status} · ${s.processed_files}/${s.total_files} files${s.failed_files ? ` · ${s.failed_files} failed` : ''}${s.finished_at ? ` · ${when(s.finished_at)}` : ''}`, tone: tone(s.status) }))],
    ['VIN', part(r.vins, '—', (v) => (v.primary_vin ? { text: `${v.primary_vin} (${plural(v.vins.length, 'reading')})`, tone: v.vins.every((x) => x.check_digit_valid) ? undefined : 'yellow' } : { text: 'no primary VIN', tone: 'yellow' }))],
    ['plates', part(r.plates, 'not computed', (p) => {
      const unique = [...new Set(p.plates.map((x) => `${x.plate} ${x.entity}`))];
      const pending = p.plates.filter((x) => x.previous_plate_lookup_status === 'pending').length;
      return unique.length ? `${unique.join(', ')}${pending ? ` · ${pending} lookup(s) pending` : ''}` : 'none found';
    })],
    ['plate chain', part(r.chain_plates, 'not generated', (ch) => {
      if (ch.status !== 'completed') return { text: ch.status, tone: 'yellow' };
      const links = [...ch.chain].sort((a, b) => a.sequence_index - b.sequence_index);
      return links.length ? links.map((l) => (l.is_current ? `● ${l.plate}` : l.plate)).join(' → ') : 'empty';
    })],
    ['ownership', part(r.ownership_chain, 'not generated', (o) => {
      if (o.status !== 'completed') return { text: o.status, tone: 'yellow' };
      const text = ownershipNodes(o).map((n) => (n.kind === 'gap' ? '⚠ gap' : `${n.link.is_current ? '● ' : ''}${n.link.display_name ?? '?'}`)).join(' → ');
      return { text: text || 'empty', tone: o.gaps.length ? 'yellow' : undefined };
    })],
    ['REPUVE', part(r.repuve, 'not run', (x) => {
      if (!x.info) return { text: `${x.job_status}${x.job_status === 'completed' ? ' · not registered' : ''}`, tone: tone(x.job_status) };
      const theft = x.info.reporte_robo.length > 0 || x.info.robo_usa_can.tiene_robo || x.info.aviso_judicial.tiene_aviso_judicial;
      return { text: `${x.info.marca} ${x.info.modelo} ${x.info.anio_modelo} · ${theft ? 'THEFT / JUDICIAL REPORT' : 'no reports'}`, tone: theft ? 'red' : 'green' };
    })],
    ['pedimento', part(r.pedimento, 'not run', (x) => ({ text: [x.status, x.result?.data?.pedimento, x.result?.data?.aduana && `aduana ${x.result.data.aduana}`].filter(Boolean).join(' · '), tone: tone(x.status) }))],
    ['RAPI', part(r.rapi, 'not run', (x) => ({ text: [x.status, x.message].filter(Boolean).join(' · '), tone: tone(x.status) }))],
    ['RENAPO', part(r.renapo, 'not run', (x) => ({ text: [x.status, x.data.curp, x.data.person?.curp_status].filter(Boolean).join(' · '), tone: tone(x.status) }))],
    ['credit bureau', part(r.bureau, 'not run', (x) => ({ text: [x.status, x.document ? 'report PDF ready' : ''].filter(Boolean).join(' · '), tone: tone(x.status) }))],
    ['tenencia', part(r.taxes, '—', (t) => {
      const rows = [...t.main_tax.result].sort((a, b) => b.fiscal_year - a.fiscal_year);
      if (!rows.length) return { text: t.main_tax.message ?? t.main_tax.status, tone: 'dim' };
      const debt = rows.filter((x) => x.source.status === 'warning').map((x) => x.fiscal_year);
      const missing = rows.filter((x) => x.document.status === 'warning').length;
      // "no debt" only for years a source answered: a failed lookup says nothing either way.
      const unchecked = rows.filter((x) => x.source.status === 'failed').length;
      const running = t.main_tax.status !== 'completed';
      const verdict = debt.length
        ? `debt ${debt.join(', ')}`
        : running
          ? t.main_tax.status
          : unchecked === rows.length
            ? 'debt unknown: no year could be checked'
            : unchecked
              ? `no debt found · ${plural(unchecked, 'year')} not checked`
              : 'no debt';
      const text = `${rows[0]!.plate_number}: ${verdict} · ${plural(rows.length - missing, 'receipt')} of ${rows.length} years` + (t.taxes.result.length ? ` · ${plural(new Set(t.taxes.result.map((x) => x.plate_number)).size, 'other plate')}` : '');
      const tone = debt.length ? 'yellow' : running ? 'cyan' : unchecked === rows.length ? 'red' : unchecked ? 'yellow' : 'green';
      return { text, tone };
    })],
    ['tickets', part(r.tickets, '—', (t) => {
      const groups = groupTickets(t.result);
      if (!t.result.length) return { text: t.message ?? t.status, tone: t.status === 'completed' ? 'dim' : 'cyan' };
      const verdict = ticketVerdict(groups);
      return { text: `${plural(groups.length, 'plate/state', 'plate/states')} · ${verdict.text}${t.status === 'processing' ? ' · still running' : ''}`, tone: verdict.tone };
    })],
    ['invoices', part(r.invoices, '—', (x) => {
      if (!x.invoices.length) return { text: 'none', tone: 'dim' };
      const first = x.invoices[0]!;
      return `${x.invoices.length} · latest: ${CHECKS.map(({ key, label }) => `${label} ${checkCell(key, first[key]).text}`).join(' · ')}`;
    })],
  ];

  if (!style.tty) return renderPairs(style, lines);
  let out = heading(style, `Case ${c.internal_id}`) + renderPairs(style, lines);
  if ('body' in r.plates && r.plates.body.plates.length) {
    out += '\n' + heading(style, 'Plates');
    out += renderTable(
      style,
      [{ header: 'Plate' }, { header: 'Entity' }, { header: 'Status' }, { header: 'Previous' }, { header: 'Lookup' }, { header: 'Source', shrink: true }],
      r.plates.body.plates.map((p) => [p.plate, p.entity, p.plate_status ? { text: p.plate_status, tone: statusTone(p.plate_status) } : null, p.previous_plate, lookupCell(p.previous_plate_lookup_status), p.document_type]),
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
