import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderRapi } from '../render/lookups.js';

export const rapi = defineCaseLookup({
  name: 'rapi',
  description: "criminal-activity registry (RAPI) lookup of the case's primary VIN",
  run: 'start the lookup',
  watch: 'wait until it settles (exit 5 if it ended in error)',
  examples: ['vcase rapi EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'RAPI lookup',
    start: (r) => client.cases.startRapi(caseId, r),
    read: (r) => client.cases.rapi(caseId, r),
    wait: (w) => client.cases.waitForRapi(caseId, w),
    failed: (b) => b.status === 'error',
    progress: (b) => b.status,
    missingUntilRun: true,
    render: renderRapi,
    started: (b) => `RAPI lookup started for VIN ${b.vin} (job ${b.job_id}).`,
    followUp: `vcase rapi ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, rapi, runF);
}
