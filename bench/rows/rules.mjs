// Scaling of the tenencia + tickets rules (pure functions of packages/server/src/domain):
// `taxesResponse` and `ticketsResponse` on cases with 10, 100 and 1,000 plates. The two
// TypeScript files are bundled on the fly with esbuild (no server source is touched) and
// timed in this process. Reference: the 10-plate time scaled linearly to the plate count.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { notMeasured, ratioRow } from '../lib/report.mjs';
import { CASE_VIN } from '../lib/seed.mjs';
import { ROOT } from '../lib/servers.mjs';

const TARGET = { op: '<=', value: 1.25 };
export const SPECS = {
  r100: {
    id: 'rules.100',
    what: 'taxes + tickets rules, 100 plates: time vs linear',
    reference: '10-plate time × 10',
    target: TARGET,
  },
  r1000: {
    id: 'rules.1000',
    what: 'taxes + tickets rules, 1,000 plates: time vs linear',
    reference: '10-plate time × 100',
    target: TARGET,
  },
};

/** Bundles the two domain files (and what they import, @vcase/shared included) into one ESM file. */
async function loadRules() {
  // esbuild comes with tsup (a root devDependency); resolve it from there.
  const require = createRequire(path.join(ROOT, 'package.json'));
  let esbuild;
  try {
    esbuild = require('esbuild');
  } catch {
    esbuild = createRequire(require.resolve('tsup'))('esbuild');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-bench-rules-'));
  try {
    const domain = path.join(ROOT, 'packages/server/src/domain');
    const outfile = path.join(dir, 'rules.mjs');
    await esbuild.build({
      stdin: {
        contents:
          `export { taxesResponse } from ${JSON.stringify(path.join(domain, 'taxes.ts'))};\n` +
          `export { ticketsResponse } from ${JSON.stringify(path.join(domain, 'tickets.ts'))};\n`,
        resolveDir: path.join(ROOT, 'packages/server'),
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ENTITIES = ['MEX', 'JAL', 'CMX', 'NLE', 'PUE', 'QUE', 'GUA', 'MIC'];

/** The inputs of a case with `n` extracted plates, every lookup answered. */
export function caseInputs(n) {
  const plateText = (i, prefix = 'P') => `${prefix}${String(i).padStart(6, '0')}`;
  const plates = [];
  for (let i = 0; i < n; i++) {
    const entity = ENTITIES[i % ENTITIES.length];
    plates.push({
      plate: plateText(i),
      entity,
      document_date: `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/${2010 + (i % 15)}`,
      niv: i % 5 === 0 ? null : CASE_VIN,
      previous_plate: entity === 'MEX' ? plateText(i, 'Q') : null,
    });
  }
  const pairs = plates.flatMap((p) => [
    { plate: p.plate, entity: p.entity },
    ...(p.previous_plate ? [{ plate: p.previous_plate, entity: p.entity }] : []),
  ]);
  const ticketLookups = pairs.flatMap((p, i) =>
    [p.entity, 'CMX']
      .filter((e, k, all) => all.indexOf(e) === k)
      .map((entity) => ({
        plate: p.plate,
        entity,
        state: 'done',
        infractions:
          i % 3 === 0
            ? [
                { date: '10/01/2024', amount: 1200, status: 'NO PAGADA' },
                { date: '02/02/2023', amount: '$800.00', status: 'PAGADA' },
              ]
            : [],
      })),
  );
  const taxLookups = pairs.map((p, i) => ({
    plate: p.plate,
    entity: p.entity,
    state: 'done',
    finished_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    years: i % 2 === 0 ? [{ fiscal_year: 2024, amount: 1234.5 }] : [],
  }));
  const receipts = plates
    .filter((_, i) => i % 3 === 0)
    .map((p, i) => ({
      file_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      placa: p.plate,
      entidad: p.entity,
      ejercicio_fiscal: [2023, 2024],
      fecha_pago: '15/03/2024',
      total: 1800,
      vin: CASE_VIN,
    }));
  return { plates, caseVin: CASE_VIN, ticketLookups, taxLookups, receipts };
}

/** Mean milliseconds per call over one batch of at least `ms` (and 2 calls). */
function batch(fn, ms) {
  let iterations = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < ms || iterations < 2) {
    fn();
    iterations++;
    elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  }
  return elapsed / iterations;
}

const ROUNDS = 9;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Milliseconds per call of each function: all are warmed up first (JIT), then timed in
 * ROUNDS rounds, each timing one batch of every function in turn; each keeps the median of
 * its batches. Interleaved, a slow spell of the machine (they last seconds here) falls on
 * every size alike instead of on whichever size was being timed. The median, not the
 * fastest batch: the fastest favoured the small case, whose short calls more often fit
 * between two garbage collections (the 100-plate ratio read 0.74–1.25 in four runs).
 */
function timePerCall(fns, minMs) {
  for (const fn of fns) {
    const warmUntil = process.hrtime.bigint() + BigInt(Math.round(minMs / 4)) * 1_000_000n;
    for (let calls = 0; process.hrtime.bigint() < warmUntil || calls < 3; calls++) fn();
  }
  const batches = fns.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    fns.forEach((fn, i) => {
      batches[i].push(batch(fn, minMs / ROUNDS));
    });
  }
  return batches.map(median);
}

export async function run(cfg, _seeded, log) {
  const { taxesResponse, ticketsResponse } = await loadRules();
  const now = new Date();
  const cases = cfg.rulePlates.map((n) => {
    const input = caseInputs(n);
    const taxes = () =>
      taxesResponse({
        plates: input.plates,
        caseVin: input.caseVin,
        lookups: input.taxLookups,
        receipts: input.receipts,
        anyLookupStarted: true,
        now,
      });
    const tickets = () => ticketsResponse({ caseId: 'bench', plates: input.plates, caseVin: input.caseVin, lookups: input.ticketLookups });
    // Sanity: the rules publish every plate (not an early "no plates" answer).
    return { n, taxes, tickets, rows: tickets().result.length };
  });
  const times = timePerCall(
    cases.flatMap((c) => [c.taxes, c.tickets]),
    cfg.rulesMinMs,
  );
  const measured = cases.map((c, i) => {
    const [taxesMs, ticketsMs] = [times[2 * i], times[2 * i + 1]];
    log(`  ${c.n} plates: taxes ${taxesMs.toFixed(3)} ms, tickets ${ticketsMs.toFixed(3)} ms (${c.rows} ticket rows)`);
    return { n: c.n, taxesMs, ticketsMs, totalMs: taxesMs + ticketsMs, ticketRows: c.rows };
  });
  const [base, ...larger] = measured;
  return larger.map((m) => {
    const factor = m.n / base.n;
    const spec =
      m.n === 100
        ? SPECS.r100
        : m.n === 1000
          ? SPECS.r1000
          : { ...SPECS.r1000, id: `rules.${m.n}`, what: `taxes + tickets rules, ${m.n} plates: time vs linear` };
    return ratioRow(spec, {
      value: m.totalMs,
      reference: base.totalMs * factor,
      unit: 'ms',
      refLabel: `${base.n}-plate time × ${factor}`,
      details: {
        plates: m.n,
        taxes_ms: m.taxesMs,
        tickets_ms: m.ticketsMs,
        taxes_vs_linear: m.taxesMs / (base.taxesMs * factor),
        tickets_vs_linear: m.ticketsMs / (base.ticketsMs * factor),
        base_plates: base.n,
        base_taxes_ms: base.taxesMs,
        base_tickets_ms: base.ticketsMs,
      },
    });
  });
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
