import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderRenapo } from '../render/lookups.js';

export const renapo = defineCaseLookup({
  name: 'renapo',
  description: 'CURP validation (RENAPO); the CURP is taken from the processed documents',
  run: 'start the lookup',
  watch: 'wait until it settles (exit 5 if it ended in error)',
  examples: ['vcase renapo EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'RENAPO lookup',
    start: (r) => client.cases.startRenapo(caseId, r),
    read: (r) => client.cases.renapo(caseId, r),
    wait: (w) => client.cases.waitForRenapo(caseId, w),
    failed: (b) => b.status === 'error',
    progress: (b) => `${b.status} · ${b.completed_count}/${b.query_count}`,
    missingUntilRun: true,
    render: renderRenapo,
    started: (b) => `RENAPO lookup started for CURP ${b.curp} (job ${b.job_id}).`,
    followUp: `vcase renapo ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, renapo, runF);
}
