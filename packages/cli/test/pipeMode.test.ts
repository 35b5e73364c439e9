import { describe, expect, it } from 'vitest';
import * as f from './helpers/fixtures.js';
import { runCli, stripAnsi, type Routes } from './helpers/harness.js';

const C = f.CASE_ID;
const NO_PLATES = 'No se encontraron the service registradas';
const emptyTickets = { case_id: C, status: 'completed', message: NO_PLATES, result: [] };
const emptyTaxes = {
  case_id: C,
  main_tax: { status: 'completed', message: NO_PLATES, result: [] },
  taxes: { status: 'completed', message: 'El caso no tiene the service adicionales a la principal', result: [] },
};

/** A piped command prints rows on stdout; what a block says beyond its rows goes to stderr, never lost. */
describe('piped output keeps every block status and message', () => {
  it('tickets with no rows: nothing on stdout, the status and message on stderr', async () => {
    const r = await runCli(['tickets', C], { routes: { [`GET /v1/cases/${C}/tickets`]: { body: emptyTickets } } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`vcase: tickets completed · ${NO_PLATES}\n`);
  });

  it('tickets with rows: the rows on stdout, the block status on stderr', async () => {
    const r = await runCli(['tickets', C], { routes: { [`GET /v1/cases/${C}/tickets`]: { body: f.tickets } } });
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(f.tickets.result.length);
    expect(r.stderr).toBe(`vcase: tickets ${f.tickets.status}${f.tickets.message ? ` · ${f.tickets.message}` : ''}\n`);
  });

  it('tickets --watch piped says the block too', async () => {
    const routes: Routes = {
      [`GET /v1/cases/${C}/metadata`]: { body: { case_id: C, metadata: {}, history: [] } },
      [`GET /v1/cases/${C}/tickets`]: { body: emptyTickets },
    };
    const r = await runCli(['tickets', C, '--watch'], { routes });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`vcase: tickets completed · ${NO_PLATES}\n`);
  });

  it('taxes with no rows: both blocks on stderr', async () => {
    const r = await runCli(['taxes', C], { routes: { [`GET /v1/cases/${C}/taxes`]: { body: emptyTaxes } } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `vcase: tenencia, main plate: completed · ${NO_PLATES}\n` +
        'vcase: tenencia, other plates: completed · El caso no tiene the service adicionales a la principal\n',
    );
  });

  it('on a terminal the message is in the output itself, not repeated on stderr', async () => {
    const r = await runCli(['tickets', C], { tty: true, routes: { [`GET /v1/cases/${C}/tickets`]: { body: emptyTickets } } });
    expect(stripAnsi(r.stdout)).toContain(NO_PLATES);
    expect(r.stderr).toBe('');
  });

  it('--json prints the body alone', async () => {
    const r = await runCli(['taxes', C, '--json'], { routes: { [`GET /v1/cases/${C}/taxes`]: { body: emptyTaxes } } });
    expect(JSON.parse(r.stdout)).toEqual(emptyTaxes);
    expect(r.stderr).toBe('');
  });

  it('report piped: one line per area, the tickets and tenencia messages included, ending with a newline', async () => {
    const routes: Routes = {
      [`GET /v1/cases/${C}`]: {
        body: { case_id: C, internal_id: 'EXP-1042', review_status: 'sin_documentos', created_at: '2026-01-10T10:00:00.000Z', files: [] },
      },
      [`GET /v1/cases/${C}/tickets`]: { body: emptyTickets },
      [`GET /v1/cases/${C}/taxes`]: { body: emptyTaxes },
    };
    const r = await runCli(['report', C], { routes });
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout).toContain(`tickets\t${NO_PLATES}\n`);
    expect(r.stdout).toContain(`tenencia\t${NO_PLATES}\n`);
  });
});
