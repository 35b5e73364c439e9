import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderBureau } from '../render/lookups.js';

export const bureau = defineCaseLookup({
  name: 'bureau',
  description: 'credit-bureau vehicle report of the primary VIN, with its verification PDF',
  run: 'start the lookup',
  watch: 'wait until it settles (exit 5 if it ended in error)',
  examples: ['vcase bureau EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'credit-bureau report',
    start: (r) => client.cases.startBureau(caseId, r),
    read: (r) => client.cases.bureau(caseId, r),
    wait: (w) => client.cases.waitForBureau(caseId, w),
    failed: (b) => b.status === 'error',
    progress: (b) => `${b.status} · ${b.completed_count}/${b.query_count}`,
    missingUntilRun: true,
    render: renderBureau,
    started: (b) => `Credit-bureau report started for VIN ${b.vin} (job ${b.job_id}).`,
    followUp: `vcase bureau ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, bureau, runF);
}
