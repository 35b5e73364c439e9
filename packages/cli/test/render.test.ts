import { describe, expect, it } from 'vitest';
import { renderInvoices } from '../src/render/invoices.js';
import { renderOwnership } from '../src/render/ownership.js';
import { renderPlateChain, renderPlates } from '../src/render/plates.js';
import { renderTaxes } from '../src/render/taxes.js';
import { groupTickets, renderTickets } from '../src/render/tickets.js';
import { amount, parseAmount } from '../src/render/format.js';
import { makeStyle, type Style } from '../src/ui/style.js';
import { renderTable } from '../src/ui/table.js';
import * as f from './helpers/fixtures.js';
import { ANSI, stripAnsi } from './helpers/harness.js';

const tty: Style = { color: true, tty: true, width: 120 };
const plain: Style = { color: false, tty: false, width: 80 };
const lines = (s: string) => stripAnsi(s).split('\n');

describe('style', () => {
  it.each([
    ['a terminal', { tty: true, env: {} }, true],
    ['NO_COLOR set', { tty: true, env: { NO_COLOR: '1' } }, false],
    ['NO_COLOR empty (ignored, per no-color.org)', { tty: true, env: { NO_COLOR: '' } }, true],
    ['--no-color', { tty: true, env: {}, noColor: true }, false],
    ['a pipe', { tty: false, env: {} }, false],
    ['TERM=dumb', { tty: true, env: { TERM: 'dumb' } }, false],
  ])('%s → colour %s', (_n, opts, color) => {
    expect(makeStyle(opts).color).toBe(color);
  });
});

describe('table', () => {
  it('aligns columns with a header on a terminal and cuts the shrinkable column to the width', () => {
    const out = renderTable(
      { color: false, tty: true, width: 30 },
      [{ header: 'id' }, { header: 'name', shrink: true }],
      [
        ['1', 'a very long name that cannot fit'],
        ['22', 'b'],
      ],
    );
    const [header, first, second] = out.split('\n');
    expect(header).toBe('ID  NAME');
    expect(first!.length).toBeLessThanOrEqual(30);
    expect(first).toMatch(/…$/);
    expect(second).toBe('22  b');
  });

  it('writes tab-separated rows without header or colour to a pipe; empty cells stay empty', () => {
    expect(
      renderTable(
        plain,
        [{ header: 'a' }, { header: 'b' }],
        [
          ['x', null],
          ['y', { text: 'z', tone: 'red' }],
        ],
      ),
    ).toBe('x\t\ny\tz\n');
  });
});

describe('amounts', () => {
  it.each([
    [1234.5, '$1,234.50', 1234.5],
    ['$1,234.50', '$1,234.50', 1234.5],
    ['1500', '1500', 1500],
    ['sin dato', 'sin dato', null],
    [null, '', null],
    [{ valor: 150, moneda: 'MXN' }, '{"valor":150,"moneda":"MXN"}', null],
    [[1, 2], '[1,2]', null],
  ] as const)('%j shows as %j and counts as %j', (value, shown, parsed) => {
    expect(amount(value)).toBe(shown);
    expect(parseAmount(value)).toBe(parsed);
  });
});

describe('plates', () => {
  it('shows status and the previous-plate lookup state per row', () => {
    const out = renderPlates(f.plates, tty);
    const text = lines(out);
    expect(text[1]).toMatch(/^PLATE\s+ENTITY\s+STATUS\s+VALID UNTIL\s+PREVIOUS\s+PREV\. LOOKUP/);
    expect(text[2]).toMatch(/MXA1234\s+MEX\s+Vigente\s+01\/02\/2026\s+LKJ9876\s+found/);
    expect(text[3]).toMatch(/NLX5555\s+NLE\s+—\s+—\s+—\s+pending…/);
    expect(stripAnsi(out)).toContain('1 previous-plate lookup pending');
    expect(out).toMatch(ANSI);
  });

  it('pipes one tab-separated line per row', () => {
    expect(renderPlates(f.plates, plain).split('\n')[0]!.split('\t').slice(0, 6)).toEqual([
      'MXA1234',
      'MEX',
      'Vigente',
      '01/02/2026',
      'LKJ9876',
      'found',
    ]);
  });
});

describe('plate chain timeline', () => {
  it('runs oldest to newest, marks the current plate and a VIN that differs from the case', () => {
    const text = stripAnsi(renderPlateChain(f.chainPlates, tty));
    const aaa = text.indexOf('AAA1111  MEX');
    const bbb = text.indexOf('BBB2222  MEX');
    expect(aaa).toBeGreaterThan(0);
    expect(bbb).toBeGreaterThan(aaa);
    expect(text).toMatch(/○ 2015-03-01 → 2018-06-30\s+AAA1111/);
    expect(text).toMatch(/● 2018-07-01 → today\s+BBB2222\s+MEX\s+current\s+after AAA1111/);
    expect(text).toContain('⚠ VIN 1FTFW1E51PFA99999 differs from the case VIN');
    expect(text).toContain('2 plates · current BBB2222 · scope edomex_only');
  });

  it('says the chain is still being generated', () => {
    const text = stripAnsi(
      renderPlateChain(
        {
          ...f.chainPlates,
          status: 'processing',
          summary: null,
          chain: [],
          message: 'La generación de la cadena de the service se está ejecutando en background.',
        },
        tty,
      ),
    );
    expect(text).toContain('se está ejecutando en background');
    expect(text).toContain('Use --watch to wait.');
  });

  it('a chain never generated (pending) says to start it, since --watch alone has nothing to wait for', () => {
    const plates = stripAnsi(renderPlateChain({ ...f.chainPlates, status: 'pending', summary: null, chain: [], message: null }, tty));
    expect(plates).toContain('The chain is pending. Use --run to generate it (with --watch to wait for it).');
    const owners = stripAnsi(renderOwnership({ ...f.ownership, status: 'pending', summary: null, chain: [], message: null }, tty));
    expect(owners).toContain('Use --run to generate it');
    expect(owners).not.toContain('Use --watch to wait');
  });
});

describe('ownership tree', () => {
  it('lists owners in order with the gap between the owners it separates', () => {
    const text = stripAnsi(renderOwnership(f.ownership, tty));
    const tree = text.split('\n').filter((l) => /^[├└]/.test(l));
    expect(tree.map((l) => l.replace(/\s+/g, ' '))).toEqual([
      '├─ #0 AUTOMOTRIZ DEL NORTE SA DE CV moral Agencia',
      '├─ #1 MARIA LOPEZ fisica Propietario',
      '├─ ⚠ gap: untraceable_transfer MARIA LOPEZ → JUAN PEREZ',
      '└─ #2 JUAN PEREZ fisica Propietario current',
    ]);
    expect(text).toMatch(/│\s+acquired 2019-05-01 · unmatched/);
    expect(text).toContain('3 owners · 1 gap · current JUAN PEREZ');
  });

  it('pipes owners and gaps as tagged rows', () => {
    const rows = renderOwnership(f.ownership, plain)
      .trim()
      .split('\n')
      .map((l) => l.split('\t').slice(0, 3));
    expect(rows).toEqual([
      ['owner', '0', 'AUTOMOTRIZ DEL NORTE SA DE CV'],
      ['owner', '1', 'MARIA LOPEZ'],
      ['gap', '1,2', 'untraceable_transfer'],
      ['owner', '2', 'JUAN PEREZ'],
    ]);
  });
});

describe('tenencia grid', () => {
  it('puts the 5 years across, newest first, with coloured cells and long messages as notes', () => {
    const out = renderTaxes(f.taxes, tty);
    const text = lines(out);
    const header = text.find((l) => l.includes('2026'))!;
    expect(header.trim().split(/\s+/)).toEqual(['2026', '2025', '2024', '2023', '2022']);
    expect(text.find((l) => l.startsWith('Receipt'))).toMatch(/Receipt\s+Pendiente\s+Agregado\s+Pendiente/);
    expect(text.find((l) => l.startsWith('Portal'))).toMatch(
      /Portal\s+Con adeudo\s+Sin adeudo\s+Sin adeudo\s+Sin adeudo\s+Vehículo no…\s+\[1\]/,
    );
    expect(text.find((l) => l.startsWith('Paid on'))).toMatch(/—\s+15\/03\/2025/);
    expect(text.find((l) => l.startsWith('Total'))).toMatch(/\$1,234\.50\s+\$980\.00/);
    expect(text).toContain('[1] Vehículo no encontrado o dado de baja');
    expect(text.join('\n')).toMatch(/LKJ9876\s+MEX\s+2021\s+Con adeudo\s+—\s+\$700\.00/);
    expect(out).toContain('\x1b[33mCon adeudo'); // warning: yellow
    expect(out).toContain('\x1b[32mSin adeudo'); // success: green
    expect(out).toContain('\x1b[31mVehículo'); // failed: red
  });

  it('pipes one line per year and per other-plate row', () => {
    const rows = renderTaxes(f.taxes, plain).trim().split('\n');
    expect(rows).toHaveLength(6);
    expect(rows[0]!.split('\t').slice(0, 8)).toEqual([
      'main',
      '2022',
      'MXA1234',
      'MEX',
      'warning',
      'Pendiente',
      'failed',
      'Vehículo no encontrado o dado de baja',
    ]);
  });
});

describe('tickets', () => {
  it('groups rows by plate and state, in the server order', () => {
    expect(groupTickets(f.tickets.result).map((g) => [g.plate, g.state, g.rows.length, g.unpaid, g.unpaidAmount])).toEqual([
      ['MXA1234', 'MEX', 2, 1, 1500],
      ['MXA1234', 'CMX', 1, 0, 0],
      ['LKJ9876', 'MEX', 1, 1, 250.5],
    ]);
  });

  it('shows each group with its infractions, amounts and the unpaid total', () => {
    const text = stripAnsi(renderTickets(f.tickets, tty));
    expect(text).toMatch(/MXA1234 · MEX\s+1 unpaid · \$1,500\.00/);
    expect(text).toMatch(/01\/02\/2024\s+\$1,500\.00\s+No Pagada/);
    expect(text).toMatch(/03\/05\/2023\s+\$800\.00\s+Pagada/);
    expect(text).toMatch(/MXA1234 · CMX\n\s+Placa sin adeudos/);
    expect(text).toMatch(/10\/10\/2020\s+\$250\.50\s+PENDIENTE/);
    expect(text).toContain('2 unpaid infractions · $1,750.50');
  });
});

describe('values with line breaks or tabs (a server message may carry them)', () => {
  it('stay on their row, piped and on a terminal', () => {
    const message = 'Línea 1\nLínea 2\tcon tab';
    const tickets = { ...f.tickets, result: [{ ...f.tickets.result[0]!, message }] };
    const piped = renderTickets(tickets, plain);
    expect(piped.trimEnd().split('\n')).toHaveLength(1);
    expect(piped.split('\t')).toHaveLength(6);
    expect(piped).toContain('Línea 1 Línea 2 con tab');
    const invoices = {
      ...f.invoices,
      invoices: [{ ...f.invoices.invoices[0]!, amis: { status: 'completed' as const, result: null, message, updated_at: null } }],
    };
    expect(renderInvoices(invoices, plain).trimEnd().split('\n')).toHaveLength(1);
    const table = stripAnsi(renderTable(tty, [{ header: 'id' }, { header: 'note' }], [['NL-1\nsegunda línea', message]]));
    expect(table.trimEnd().split('\n')).toHaveLength(2);
    expect(table).toContain('NL-1 segunda línea');
  });
});

describe('invoice checks matrix', () => {
  it('one row per invoice, one verdict per check', () => {
    const text = lines(renderInvoices(f.invoices, { ...tty, width: 140 }));
    expect(text[1]).toMatch(/INVOICE\s+TOTAL\s+CFDI \(SAT\)\s+PEDIMENTO\s+AMDA\s+AMIS/);
    expect(text[2]).toMatch(
      /11111111 · 0E9D8C7B · ACME SA\s+710000\s+✓ Vigente\s+✓ nacional\s+– No se encontró información\s+✓ 2 policies/,
    );
    expect(text[3]).toMatch(/22222222\s+—\s+✓ Cancelado\s+✗ Servicio no disponible\.\s+… processing\s+… processing/);
    expect(text.join('\n')).toContain('Some checks are still running');
  });

  it('shares the cut among the long columns on a narrow terminal', () => {
    const text = lines(renderInvoices(f.invoices, { ...tty, width: 100 }));
    expect(text.every((l) => l.length <= 100)).toBe(true);
    expect(text[2]).toMatch(/^11111111 · 0E9D8C7B…\s+710000\s+✓ Vigente\s+✓ nacional\s+– No se encontró inf…\s+✓ 2 policies/);
  });

  it('colours a cancelled CFDI red and a valid one green', () => {
    const out = renderInvoices(f.invoices, tty);
    expect(out).toContain('\x1b[32m✓ Vigente');
    expect(out).toContain('\x1b[31m✓ Cancelado');
  });
});
