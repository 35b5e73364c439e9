import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderTaxes, taxesBlockNotes } from '../render/taxes.js';

export const taxes = defineCaseLookup({
  name: 'taxes',
  description: "tenencia: the main plate's 5-year grid (receipt and portal per year), then the other plates",
  run: 'look up every plate (one child job per plate)',
  watch: 'wait until both blocks are completed',
  examples: ['vcase taxes EXP-1042', 'vcase taxes EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'tenencia',
    start: (r) => client.cases.startTaxes(caseId, r),
    read: (r) => client.cases.taxes(caseId, r),
    wait: (w) => client.cases.waitForTaxes(caseId, w),
    progress: (b) => `main ${b.main_tax.status} · others ${b.taxes.status}`,
    render: renderTaxes,
    blockNotes: taxesBlockNotes,
    started: (b) => `Tenencia lookup started for ${b.plates.join(', ')} (job ${b.job_id}).`,
    followUp: `vcase taxes ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, taxes, runF);
}
