import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderRepuve } from '../render/lookups.js';

export const repuve = defineCaseLookup({
  name: 'repuve',
  description: 'REPUVE registry record of the vehicle (read-only: it runs with case processing)',
  watch: 'wait until the latest REPUVE job settles (exit 5 if it ended in error)',
  spec: (client, caseId) => ({
    what: 'REPUVE lookup',
    read: (r) => client.cases.repuve(caseId, r),
    wait: (w) => client.cases.waitForRepuve(caseId, w),
    failed: (b) => b.job_status === 'error',
    progress: (b) => b.job_status,
    render: renderRepuve,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, repuve, runF);
}
