import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderPedimento } from '../render/lookups.js';

export const pedimento = defineCaseLookup({
  name: 'pedimento',
  description: "customs entry (pedimento) of the case's primary invoice",
  run: 'start the lookup (needs aduana and ano_vehiculo in the invoice OCR)',
  watch: 'wait until it settles (exit 5 if it ended in error)',
  examples: ['vcase pedimento EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'pedimento lookup',
    start: (r) => client.cases.startPedimento(caseId, r),
    read: (r) => client.cases.pedimento(caseId, r),
    wait: (w) => client.cases.waitForPedimento(caseId, w),
    failed: (b) => b.status === 'error',
    progress: (b) => b.status,
    missingUntilRun: true,
    render: renderPedimento,
    started: (b) => `Pedimento lookup started (job ${b.job_id}).`,
    followUp: `vcase pedimento ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, pedimento, runF);
}
