import type {
  CaseDetail,
  CaseStatusResponse,
  CaseVinsResponse,
  InvoicesResponse,
  OwnershipChainResponse,
  PedimentoResponse,
  PlateChainResponse,
  PlatesResponse,
  RepuveResponse,
  TaxesResponse,
  TicketsResponse,
} from '@vcase/sdk';
import { statusTone } from '../ui/style.js';
import type { Cell } from '../ui/table.js';
import { when } from './format.js';
import { CHECKS, checkCell } from './invoices.js';
import { ownershipNodes } from './ownership.js';
import { groupTickets, ticketVerdict } from './tickets.js';

/** The report's lines, one function per area: what a body says in one cell. */

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const tone = (s: string | null | undefined) => statusTone(s ?? undefined);

/** The parts that are there, joined, toned by the status. */
export const joined = (parts: unknown[], status: string): Cell => ({ text: parts.filter(Boolean).join(' · '), tone: tone(status) });

export const aduana = (x: PedimentoResponse) => x.result?.data?.aduana && `aduana ${x.result.data.aduana}`;

export function reviewStatusCell(status: CaseDetail['review_status']): Cell {
  return { text: status ?? '—', tone: status === 'nuevo' ? 'green' : status === 'devuelta_correccion' ? 'red' : undefined };
}

export function documentsCell(active: CaseDetail['files']): Cell {
  if (!active.length) return { text: 'none', tone: 'yellow' };
  const types = new Map<string, number>();
  for (const f of active) types.set(f.document_type, (types.get(f.document_type) ?? 0) + 1);
  return `${active.length} active: ${[...types].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ')}`;
}

export function processingCell(s: CaseStatusResponse): Cell {
  const failed = s.failed_files ? ` · ${s.failed_files} failed` : '';
  const finished = s.finished_at ? ` · ${when(s.finished_at)}` : '';
  return { text: `${s.status} · ${s.processed_files}/${s.total_files} files${failed}${finished}`, tone: tone(s.status) };
}

export function vinCell(v: CaseVinsResponse): Cell {
  if (!v.primary_vin) return { text: 'no primary VIN', tone: 'yellow' };
  const text = `${v.primary_vin} (${plural(v.vins.length, 'reading')})`;
  return { text, tone: v.vins.every((x) => x.check_digit_valid) ? undefined : 'yellow' };
}

export function platesCell(p: PlatesResponse): Cell {
  const unique = [...new Set(p.plates.map((x) => `${x.plate} ${x.entity}`))];
  const pending = p.plates.filter((x) => x.previous_plate_lookup_status === 'pending').length;
  return unique.length ? `${unique.join(', ')}${pending ? ` · ${pending} lookup(s) pending` : ''}` : 'none found';
}

export function plateChainCell(ch: PlateChainResponse): Cell {
  if (ch.status !== 'completed') return { text: ch.status, tone: 'yellow' };
  const links = [...ch.chain].sort((a, b) => a.sequence_index - b.sequence_index);
  return links.length ? links.map((l) => (l.is_current ? `● ${l.plate}` : l.plate)).join(' → ') : 'empty';
}

export function ownershipCell(o: OwnershipChainResponse): Cell {
  if (o.status !== 'completed') return { text: o.status, tone: 'yellow' };
  const names = ownershipNodes(o).map((n) =>
    n.kind === 'gap' ? '⚠ gap' : `${n.link.is_current ? '● ' : ''}${n.link.display_name ?? '?'}`,
  );
  return { text: names.join(' → ') || 'empty', tone: o.gaps.length ? 'yellow' : undefined };
}

export function repuveCell(x: RepuveResponse): Cell {
  if (!x.info) return { text: `${x.job_status}${x.job_status === 'completed' ? ' · not registered' : ''}`, tone: tone(x.job_status) };
  const theft = x.info.reporte_robo.length > 0 || x.info.robo_usa_can.tiene_robo || x.info.aviso_judicial.tiene_aviso_judicial;
  const reports = theft ? 'THEFT / JUDICIAL REPORT' : 'no reports';
  return { text: `${x.info.marca} ${x.info.modelo} ${x.info.anio_modelo} · ${reports}`, tone: theft ? 'red' : 'green' };
}

export function taxesCell(t: TaxesResponse): Cell {
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
  const others = t.taxes.result.length ? ` · ${plural(new Set(t.taxes.result.map((x) => x.plate_number)).size, 'other plate')}` : '';
  const text = `${rows[0]!.plate_number}: ${verdict} · ${plural(rows.length - missing, 'receipt')} of ${rows.length} years` + others;
  return { text, tone: debt.length ? 'yellow' : running ? 'cyan' : unchecked === rows.length ? 'red' : unchecked ? 'yellow' : 'green' };
}

export function ticketsCell(t: TicketsResponse): Cell {
  const groups = groupTickets(t.result);
  if (!t.result.length) return { text: t.message ?? t.status, tone: t.status === 'completed' ? 'dim' : 'cyan' };
  const verdict = ticketVerdict(groups);
  const running = t.status === 'processing' ? ' · still running' : '';
  return { text: `${plural(groups.length, 'plate/state', 'plate/states')} · ${verdict.text}${running}`, tone: verdict.tone };
}

export function invoicesCell(x: InvoicesResponse): Cell {
  if (!x.invoices.length) return { text: 'none', tone: 'dim' };
  const first = x.invoices[0]!;
  return `${x.invoices.length} · latest: ${CHECKS.map(({ key, label }) => `${label} ${checkCell(key, first[key]).text}`).join(' · ')}`;
}
