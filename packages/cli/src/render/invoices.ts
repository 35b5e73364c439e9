import type { InvoiceCheck, InvoiceCheckKey, InvoiceEntry, InvoicesResponse } from '@vcase/sdk';
import { paint, type Style, type Tone } from '../ui/style.js';
import { heading, renderTable, tsvLine, type Cell } from '../ui/table.js';

export const CHECKS: { key: InvoiceCheckKey; label: string }[] = [
  { key: 'validate_invoice', label: 'CFDI (SAT)' },
  { key: 'consulta_pedimento', label: 'Pedimento' },
  { key: 'amda_invoice', label: 'AMDA' },
  { key: 'amis', label: 'AMIS' },
];

/** Messages that mean "looked up, nothing there" rather than "could not look up" (contract §4.8). */
const NOT_FOUND = [
  /^No se encontr/i,
  /^Sin datos/i,
  /^Este comprobante no se encuentra registrado/i,
  /^No se encontraron los indicadores/i,
];
const FINE = [/procedencia nacional/i];

/** One check as a short coloured verdict: ✓ found, – not found, ✗ failed, … processing. */
export function checkCell(key: InvoiceCheckKey, check: InvoiceCheck): { text: string; tone?: Tone } {
  if (check.status === 'processing') return { text: '… processing', tone: 'cyan' };
  const result = check.result as Record<string, unknown> | null;
  if (result) {
    switch (key) {
      case 'validate_invoice': {
        const estado = String(result.estadoCFDI ?? 'found');
        return { text: `✓ ${estado}`, tone: estado === 'Cancelado' ? 'red' : 'green' };
      }
      case 'consulta_pedimento':
        return { text: `✓ ${Object.keys(result).join(', ') || 'found'}`, tone: 'green' };
      case 'amda_invoice':
        return { text: `✓ ${String(result.amda_code ?? 'found')}`, tone: 'green' };
      case 'amis': {
        const list = (Array.isArray(result.info) ? result.info : Array.isArray(result.data) ? result.data : []) as unknown[];
        return { text: `✓ ${list.length} polic${list.length === 1 ? 'y' : 'ies'}`, tone: 'green' };
      }
    }
  }
  const message = check.message ?? '';
  if (FINE.some((r) => r.test(message))) return { text: '✓ nacional', tone: 'green' }; // a valid result: no import data
  if (NOT_FOUND.some((r) => r.test(message))) return { text: `– ${message}`, tone: 'yellow' };
  return { text: `✗ ${message}`, tone: 'red' };
}

export function invoiceLabel(inv: InvoiceEntry): string {
  const d = inv.data ?? {};
  const bits = [inv.file_id.slice(0, 8), d.folio_fiscal?.text?.slice(0, 8) ?? d.folio?.text, d.nombre_emisor?.text ?? d.rfc_emisor?.text];
  return bits.filter(Boolean).join(' · ');
}

/** Invoices (contract §4.8) as a matrix: one row per invoice, one column per check. */
export function renderInvoices(body: InvoicesResponse, style: Style): string {
  if (!style.tty) {
    return body.invoices
      .map((inv) => {
        const checks = CHECKS.flatMap(({ key }) => [inv[key].status, inv[key].result ? 'found' : inv[key].message]);
        return tsvLine([inv.file_id, ...checks]) + '\n';
      })
      .join('');
  }
  let out = heading(style, `Invoices · ${body.invoices.length}`);
  if (body.invoices.length === 0) {
    return (
      out +
      paint(style, 'dim', 'No invoices in this case. Listed and checked are documents of type invoice; a CFDI read as') +
      '\n' +
      paint(style, 'dim', 'factura or factura_xml is listed once classified: vcase documents classify <document> --type invoice') +
      '\n'
    );
  }
  out += renderTable(
    style,
    [
      { header: 'Invoice', shrink: true },
      { header: 'Total', align: 'right' },
      ...CHECKS.map((c) => ({ header: c.label, shrink: true, max: 28 })),
    ],
    body.invoices.map((inv): Cell[] => [
      invoiceLabel(inv),
      inv.data?.monto_total?.text ?? null,
      ...CHECKS.map(({ key }) => checkCell(key, inv[key])),
    ]),
  );
  const running = body.invoices.some((inv) => CHECKS.some(({ key }) => inv[key].status === 'processing'));
  if (running) out += paint(style, 'cyan', 'Some checks are still running: use --watch to wait.') + '\n';
  return out;
}
