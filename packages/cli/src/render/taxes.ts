import type { TaxCell, TaxesResponse } from '@vcase/sdk';
import { paint, statusTone, truncate, type Style } from '../ui/style.js';
import { heading, renderTable, tsvLine, type Cell } from '../ui/table.js';
import { amount } from './format.js';
import { blockNote } from './tickets.js';

const CELL_WIDTH = 16;

/**
 * Tenencia (contract §4.7): the main plate's 5-year grid (years across, receipt / portal /
 * payment date / total down, cells coloured by status), then the other plates' rows.
 * Messages too long for a cell are listed in full under the grid.
 */
export function renderTaxes(body: TaxesResponse, style: Style): string {
  if (!style.tty) return plainTaxes(body);
  const main = body.main_tax;
  const rows = [...main.result].sort((a, b) => b.fiscal_year - a.fiscal_year);
  const plate = rows[0];
  const mainPlate = plate ? `${plate.plate_number} (${plate.state ?? '?'})` : '—';
  let out = heading(style, `Tenencia · main plate ${mainPlate} · ${blockStatus(style, main.status)}`);
  if (main.message) out += paint(style, main.status === 'processing' ? 'yellow' : 'dim', main.message) + '\n';
  const notes: string[] = [];
  const cell = (c: TaxCell): Cell => {
    let text = c.message;
    if ([...text].length > CELL_WIDTH) {
      let n = notes.indexOf(text);
      if (n < 0) n = notes.push(text) - 1;
      text = truncate(text, CELL_WIDTH - 4) + ` [${n + 1}]`;
    }
    return { text, tone: statusTone(c.status) };
  };
  if (rows.length) {
    out += renderTable(
      style,
      [{ header: '' }, ...rows.map((r) => ({ header: String(r.fiscal_year) }))],
      [
        ['Receipt', ...rows.map((r) => cell(r.document))],
        ['Portal', ...rows.map((r) => cell(r.source))],
        ['Paid on', ...rows.map((r) => r.payment_date)],
        ['Total', ...rows.map((r) => amount(r.total))],
      ],
    );
    notes.forEach((n, i) => (out += paint(style, 'dim', `[${i + 1}] `) + n + '\n'));
  }

  const other = body.taxes;
  out += '\n' + heading(style, `Other plates · ${blockStatus(style, other.status)}`);
  if (other.message) out += paint(style, other.status === 'processing' ? 'yellow' : 'dim', other.message) + '\n';
  if (other.result.length) {
    out += renderTable(
      style,
      [
        { header: 'Plate' },
        { header: 'State' },
        { header: 'Year' },
        { header: 'Status', shrink: true },
        { header: 'Paid on' },
        { header: 'Total', align: 'right' },
      ],
      other.result.map((r) => [
        r.plate_number,
        r.state,
        r.fiscal_year,
        { text: r.status.message, tone: statusTone(r.status.status) },
        r.payment_date,
        amount(r.total),
      ]),
    );
  }
  return out;
}

/** Both blocks' status and message, which piped rows do not carry (stderr then). */
export function taxesBlockNotes(body: TaxesResponse): string[] {
  return [blockNote('tenencia, main plate:', body.main_tax), blockNote('tenencia, other plates:', body.taxes)];
}

function plainTaxes(body: TaxesResponse): string {
  const lines: string[] = [];
  for (const r of body.main_tax.result) {
    const checks = [r.document.status, r.document.message, r.source.status, r.source.message];
    lines.push(tsvLine(['main', r.fiscal_year, r.plate_number, r.state, ...checks, r.payment_date, amount(r.total)]));
  }
  for (const r of body.taxes.result) {
    const checks = ['', '', r.status.status, r.status.message];
    lines.push(tsvLine(['other', r.fiscal_year, r.plate_number, r.state, ...checks, r.payment_date, amount(r.total)]));
  }
  return lines.map((l) => l + '\n').join('');
}

function blockStatus(style: Style, s: string): string {
  return paint(style, s === 'completed' ? 'green' : 'yellow', s);
}
