import type { TicketRow, TicketsResponse } from '@vcase/sdk';
import { paint, statusTone, type Style } from '../ui/style.js';
import { heading, renderTable, tsvLine } from '../ui/table.js';
import { amount, money, parseAmount } from './format.js';

export interface PlateGroup {
  plate: string;
  state: string | null;
  rows: TicketRow[];
  /** Infractions not paid (status `warning`). */
  unpaid: number;
  /** Sum of the unpaid amounts that read as numbers. */
  unpaidAmount: number;
  /** Some source answered for it (a row `success` or `warning`); else every lookup failed or runs. */
  checked: boolean;
}

/** What the groups say of unpaid infractions: "none" only where a source answered. */
export function ticketVerdict(groups: PlateGroup[]): { text: string; tone: 'yellow' | 'green' | 'red' } {
  const unpaid = groups.reduce((n, g) => n + g.unpaid, 0);
  const unpaidAmount = groups.reduce((n, g) => n + g.unpaidAmount, 0);
  const unchecked = groups.filter((g) => !g.checked).length;
  const notChecked = `${unchecked} plate/state${unchecked === 1 ? '' : 's'} not checked`;
  if (unpaid) {
    const infractions = `${unpaid} unpaid infraction${unpaid === 1 ? '' : 's'}`;
    return { text: `${infractions} · ${money(unpaidAmount)}${unchecked ? ` · ${notChecked}` : ''}`, tone: 'yellow' };
  }
  if (unchecked === groups.length) return { text: 'unpaid infractions unknown: no plate/state could be checked', tone: 'red' };
  if (unchecked) return { text: `no unpaid infractions found · ${notChecked}`, tone: 'yellow' };
  return { text: 'no unpaid infractions', tone: 'green' };
}

/** Rows grouped by (plate, state), in the server's order (main plate first). */
export function groupTickets(rows: TicketRow[]): PlateGroup[] {
  const groups = new Map<string, PlateGroup>();
  for (const row of rows) {
    const key = `${row.plate_number}\u0000${row.state ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { plate: row.plate_number, state: row.state, rows: [], unpaid: 0, unpaidAmount: 0, checked: false }));
    g.rows.push(row);
    if (row.status === 'success' || row.status === 'warning') g.checked = true;
    if (row.status === 'warning') {
      g.unpaid++;
      g.unpaidAmount += parseAmount(row.amount) ?? 0;
    }
  }
  return [...groups.values()];
}

/** The block's status and message, which piped rows do not carry (stderr then). */
export function ticketsBlockNotes(body: TicketsResponse): string[] {
  return [blockNote('tickets', body)];
}

/** `what status · message` of a tickets or tenencia block. */
export function blockNote(what: string, block: { status: string; message: string | null }): string {
  return `${what} ${block.status}${block.message ? ` · ${block.message}` : ''}`;
}

/** Tickets (contract §4.5) grouped by plate and state, with amounts and unpaid totals. */
export function renderTickets(body: TicketsResponse, style: Style): string {
  if (!style.tty) {
    return body.result.map((r) => tsvLine([r.plate_number, r.state, r.ticket_date, amount(r.amount), r.status, r.message]) + '\n').join('');
  }
  let out = heading(style, `Tickets · ${paint(style, body.status === 'completed' ? 'green' : 'yellow', body.status)}`);
  if (body.message) out += paint(style, body.status === 'processing' ? 'yellow' : 'dim', body.message) + '\n';
  const groups = groupTickets(body.result);
  for (const g of groups) {
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
    const verdict = ticketVerdict(groups);
    out += '\n' + paint(style, verdict.tone, verdict.text[0]!.toUpperCase() + verdict.text.slice(1)) + '\n';
  }
  return out;
}
