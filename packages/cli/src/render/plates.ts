import type { PlateChainResponse, PlatesResponse } from '@vcase/sdk';
import { paint, type Style } from '../ui/style.js';
import { heading, renderTable, tsvLine, type Cell } from '../ui/table.js';
import { chainNotReady, status, when } from './format.js';

/** Previous-plate lookup state (contract §2.4): null means "does not apply / none". */
export function lookupCell(value: string | null): Cell {
  switch (value) {
    case 'pending':
      return { text: 'pending…', tone: 'yellow' };
    case 'found':
      return { text: 'found', tone: 'green' };
    case 'error':
      return { text: 'error', tone: 'red' };
    default:
      return { text: 'n/a', tone: 'dim' };
  }
}

export function renderPlates(body: PlatesResponse, style: Style): string {
  const rows = `${body.plates.length} row${body.plates.length === 1 ? '' : 's'}`;
  let out = style.tty ? heading(style, `Plates · ${body.internal_id} · ${rows}`) : '';
  if (body.plates.length === 0) return out + (style.tty ? paint(style, 'dim', 'No plates found in the processed documents.') + '\n' : '');
  out += renderTable(
    style,
    [
      { header: 'Plate' },
      { header: 'Entity' },
      { header: 'Status' },
      { header: 'Valid until' },
      { header: 'Previous' },
      { header: 'Prev. lookup' },
      { header: 'Source', shrink: true },
      { header: 'Doc date' },
      { header: 'VIN', shrink: true },
      { header: 'Owner', shrink: true },
    ],
    body.plates.map((p) => [
      { text: p.plate, tone: 'bold' },
      p.entity,
      status(p.plate_status),
      p.plate_valid_until,
      p.previous_plate,
      lookupCell(p.previous_plate_lookup_status),
      p.document_type,
      p.document_date,
      p.niv,
      p.owner_name,
    ]),
  );
  const pending = body.plates.filter((p) => p.previous_plate_lookup_status === 'pending').length;
  if (pending && style.tty) {
    out += paint(style, 'yellow', `${pending} previous-plate lookup${pending === 1 ? '' : 's'} pending: use --watch to wait.`) + '\n';
  }
  return out;
}

/** The plate chain as a timeline, oldest first (contract §2.5). */
export function renderPlateChain(body: PlateChainResponse, style: Style): string {
  const chain = [...body.chain].sort((a, b) => a.sequence_index - b.sequence_index);
  if (!style.tty) {
    return chain
      .map((l) => {
        const fields = [l.sequence_index, l.plate, l.entity, l.period_start, l.period_end, l.is_current, l.predecessor_plate];
        return tsvLine([...fields, l.documents.length]) + '\n';
      })
      .join('');
  }
  const chainStatus = paint(style, statusToneFor(body.status), body.status);
  let out = heading(style, `Plate chain · ${body.internal_id} · VIN ${body.niv ?? '—'} · ${chainStatus}`);
  if (body.summary) {
    const s = body.summary;
    const plates = `${s.plate_count} plate${s.plate_count === 1 ? '' : 's'}`;
    const summary = `${plates} · current ${s.current_plate ?? '—'} · scope ${s.chain_scope} · generated ${when(s.generated_at)}`;
    out += paint(style, 'dim', summary) + '\n';
  }
  if (body.status !== 'completed') {
    const { text, hint } = chainNotReady(body);
    return out + paint(style, 'yellow', text) + hint + '\n';
  }
  if (body.message) out += paint(style, 'dim', body.message) + '\n';
  if (chain.length === 0) return out + paint(style, 'dim', 'No plates in the chain.') + '\n';
  out += '\n';
  chain.forEach((link, i) => {
    const last = i === chain.length - 1;
    const period = `${link.period_start ?? '?'} → ${link.period_end ?? (link.is_current ? 'today' : '?')}`;
    const dot = link.is_current ? paint(style, 'green', '●') : '○';
    const tags = [
      link.is_current ? paint(style, 'green', 'current') : '',
      link.predecessor_plate ? paint(style, 'dim', `after ${link.predecessor_plate}`) : '',
    ].filter(Boolean);
    const tagged = tags.length ? '  ' + tags.join('  ') : '';
    out += `  ${dot} ${period.padEnd(25)} ${paint(style, 'bold', link.plate)}  ${link.entity}${tagged}\n`;
    const bar = last ? ' ' : '│';
    for (const d of link.documents) {
      const issued = d.issued_at ? `issued ${d.issued_at}` : '';
      const bits = [d.document_type ?? d.source_kind, d.folio ? `folio ${d.folio}` : '', issued, d.owner_name ?? ''];
      const vin = d.niv_matches_case_niv ? '' : '  ' + paint(style, 'red', `⚠ VIN ${d.niv ?? '?'} differs from the case VIN`);
      out += `  ${bar}   ${paint(style, 'dim', bits.filter(Boolean).join(' · '))}${vin}\n`;
    }
    if (!last) out += `  │\n`;
  });
  return out;
}

function statusToneFor(s: string) {
  return s === 'completed' ? 'green' : 'yellow';
}
