import { describe, expect, it } from 'vitest';
import { register } from '../../src/commands/report.js';
import { EXIT } from '../../src/errors.js';
import * as f from '../helpers/fixtures.js';
import { runCli, stripAnsi, type Routes } from '../helpers/harness.js';
import { flagTable } from '../helpers/tables.js';

const C = f.CASE_ID;
const invoiceFile = f.caseFile(0, { file_id: f.FILE_1, mime_type: 'application/xml' });

describe('report: flags', () => {
  flagTable('report', register, [
    { name: 'a case', args: [C], opts: { case: C, json: undefined } },
    { name: '--json', args: ['EXP-1', '--json'], opts: { case: 'EXP-1', json: true } },
    { name: 'no --watch', args: [C, '--watch'], error: "unknown option '--watch'" },
  ]);
});

describe('report: runs', () => {
  const routes: Routes = {
    [`GET /v1/cases/${C}`]: {
      body: { case_id: C, internal_id: 'EXP-1042', review_status: 'nuevo', created_at: '2026-01-10T10:00:00.000Z', files: [invoiceFile] },
    },
    [`GET /v1/cases/${C}/plates`]: { body: f.plates },
    [`GET /v1/cases/${C}/chain_plates`]: { body: f.chainPlates },
    [`GET /v1/cases/${C}/ownership_chain`]: { body: f.ownership },
    [`GET /v1/cases/${C}/taxes`]: { body: f.taxes },
    [`GET /v1/cases/${C}/tickets`]: { body: f.tickets },
    [`GET /v1/cases/${C}/invoices`]: { body: f.invoices },
    [`GET /v1/cases/${C}/rapi`]: { body: f.rapi('completed', {}) },
    [`GET /v1/cases/${C}/vins`]: { body: { case_id: C, primary_vin: '1FTFW1E51PFA12345', vins: [] } },
  };

  it('shows every area of the case on one page; what never ran says so', async () => {
    const r = await runCli(['report', C], { routes, tty: true });
    expect(r.code).toBe(0);
    const text = stripAnsi(r.stdout);
    for (const line of [
      /documents\s+1 active: invoice/,
      /processing\s+never processed/,
      /VIN\s+1FTFW1E51PFA12345/,
      /plates\s+MXA1234 MEX, NLX5555 NLE · 1 lookup\(s\) pending/,
      /plate chain\s+AAA1111 → ● BBB2222/,
      /ownership\s+AUTOMOTRIZ DEL NORTE SA DE CV → MARIA LOPEZ → ⚠ gap → ● JUAN PEREZ/,
      /REPUVE\s+not run/,
      /RAPI\s+completed/,
      /tenencia\s+MXA1234: debt 2026 · 1 receipt of 5 years · 1 other plate/,
      /tickets\s+3 plate\/states · 2 unpaid infractions · \$1,750\.50/,
      /invoices\s+2 · latest: CFDI \(SAT\) ✓ Vigente/,
    ])
      expect(text).toMatch(line);
  });

  it('says "no debt" and "no unpaid infractions" only where a source answered; failed lookups are not a clean record', async () => {
    const failed = { status: 'failed' as const, message: 'Hubo un error al obtener la información' };
    const taxes = {
      ...f.taxes,
      main_tax: { ...f.taxes.main_tax, result: f.taxes.main_tax.result.map((row) => ({ ...row, source: failed })) },
    };
    const tickets = { ...f.tickets, result: f.tickets.result.map((row) => ({ ...row, ticket_date: null, amount: null, ...failed })) };
    const allFailed = { ...routes, [`GET /v1/cases/${C}/taxes`]: { body: taxes }, [`GET /v1/cases/${C}/tickets`]: { body: tickets } };
    let text = stripAnsi((await runCli(['report', C], { routes: allFailed, tty: true })).stdout);
    expect(text).toMatch(/tenencia\s+MXA1234: debt unknown: no year could be checked/);
    expect(text).toMatch(/tickets\s+3 plate\/states · unpaid infractions unknown: no plate\/state could be checked/);
    expect(text).not.toMatch(/no debt|no unpaid/);

    const someFailed = {
      ...routes,
      [`GET /v1/cases/${C}/taxes`]: {
        body: {
          ...taxes,
          main_tax: {
            ...taxes.main_tax,
            result: taxes.main_tax.result.map((row, i) => (i ? { ...row, source: { status: 'success', message: 'Sin adeudo' } } : row)),
          },
        },
      },
      [`GET /v1/cases/${C}/tickets`]: {
        body: {
          ...f.tickets,
          result: f.tickets.result.map((row) => (row.status === 'warning' ? { ...row, ...failed, ticket_date: null, amount: null } : row)),
        },
      },
    };
    text = stripAnsi((await runCli(['report', C], { routes: someFailed, tty: true })).stdout);
    expect(text).toMatch(/tenencia\s+MXA1234: no debt found · 1 year not checked/);
    expect(text).toMatch(/tickets\s+3 plate\/states · no unpaid infractions found · 1 plate\/state not checked/);
    const footer = stripAnsi((await runCli(['tickets', C], { routes: allFailed, tty: true })).stdout);
    expect(footer).toContain('Unpaid infractions unknown: no plate/state could be checked');
  });

  it('--json: the API bodies, null where nothing ran', async () => {
    const r = await runCli(['report', C, '--json'], { routes });
    const body = JSON.parse(r.stdout);
    expect(body.plates).toEqual(f.plates);
    expect(body.repuve).toBeNull();
    expect(body.case.internal_id).toBe('EXP-1042');
  });

  it('a missing case fails the report with exit 4', async () => {
    const r = await runCli(['report', C], { routes: {} });
    expect(r.code).toBe(EXIT.NOT_FOUND);
  });
});
