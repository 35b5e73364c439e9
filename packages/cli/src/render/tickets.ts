import type { TicketRow, TicketsResponse } from '@vcase/sdk';
import { paint, statusTone, type Style } from '../ui/style.js';
import { heading, renderTable } from '../ui/table.js';
import { amount, money, parseAmount } from './format.js';

export interface PlateGroup {
  plate: string;
  state: string | null;
  rows: TicketRow[];
  /** Infractions not paid (status `warning`). */
  unpaid: number;
  /** Sum of the unpaid amounts that read as numbers. */
  unpaidAmount: number;
}

/** Rows grouped by (plate, state), in the server's order (main plate first). */
export function groupTickets(rows: TicketRow[]): PlateGroup[] {
  const groups = new Map<string, PlateGroup>();
  for (const row of rows) {
    const key = `${row.plate_number}\u0000${row.state ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { plate: row.plate_number, state: row.state, rows: [], unpaid: 0, unpaidAmount: 0 }));
    g.rows.push(row);
    if (row.status === 'warning') {
      g.unpaid++;
      g.unpaidAmount += parseAmount(row.amount) ?? 0;
    }
  }
  return [...groups.values()];
}

/** Tickets (contract §4.5) grouped by plate and state, with amounts and unpaid totals. */
export function renderTickets(body: TicketsResponse, style: Style): string {
  if (!style.tty) {
    return body.result.map((r) => [r.plate_number, r.state ?? '', r.ticket_date ?? '', amount(r.amount), r.status, r.message].join('\t') + '\n').join('');
  }
  let out = heading(style, `Tickets · ${paint(style, body.status === 'completed' ? 'green' : 'yellow', body.status)}`);
  if (body.message) out += paint(style, body.status === 'processing' ? 'yellow' : 'dim', body.message) + '\n';
  const groups = groupTickets(body.result);
  let unpaid = 0;
  let unpaidAmount = 0;
  for (const g of groups) {
    unpaid += g.unpaid;
    unpaidAmount += g.unpaidAmount;
    const tally = g.unpaid ? paint(style, 'yellow', `${g.unpaid} unpaid · ${money(g.unpaidAmount)}`) : '';
    out += `\n${paint(style, 'bold', g.plate)} · ${g.state ?? '?'}${tally ? '   ' + tally : ''}\n`;
    const infractions = g.rows.filter((r) => r.ticket_date !== null || r.amount !== null);
    const notes = g.rows.filter((r) => r.ticket_date === null && r.amount === null);
    for (const n of notes) out += `  ${paint(style, statusTone(n.status), n.message)}\n`;
    if (infractions.length) {
      const table = renderTable(
        style,
        [{ header: 'Date' }, { header: 'Amount', align: 'right' }, { header: 'Status', shrink: true }],
        infractions.map((r) => [r.ticket_date, amount(r.amount), { text: r.message, tone: statusTone(r.status) }]),
      );
      out += table.trimEnd().replace(/^/gm, '  ') + '\n';
    }
  }
  if (groups.length) {
    out += '\n' + (unpaid ? paint(style, 'yellow', `Unpaid: ${unpaid} infraction${unpaid === 1 ? '' : 's'} · ${money(unpaidAmount)}`) : paint(style, 'green', 'No unpaid infractions')) + '\n';
  }
  return out;
}
