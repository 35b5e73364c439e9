import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { renderPlates } from '../render/plates.js';

export const plates = defineCaseLookup({
  name: 'plates',
  description: 'plates found in the documents: status, validity and previous-plate lookup state',
  run: 'recompute the plates from the processed documents (starts the previous-plate lookups)',
  watch: 'wait until no previous-plate lookup is pending (exit 5 if one ended in error)',
  examples: ['vcase plates EXP-1042', 'vcase plates EXP-1042 --run --watch', 'vcase plates EXP-1042 --json | jq ".plates[].plate"'],
  spec: (client, caseId) => ({
    what: 'previous-plate lookups',
    start: (r) => client.cases.computePlates(caseId, r),
    read: (r) => client.cases.plates(caseId, r),
    wait: (w) => client.cases.waitForPreviousPlates(caseId, w),
    failed: (b) => b.plates.some((p) => p.previous_plate_lookup_status === 'error'),
    progress: (b) => `${b.plates.filter((p) => p.previous_plate_lookup_status === 'pending').length} pending`,
    missingUntilRun: true,
    render: renderPlates,
    started: (b) => `Plates recomputed: ${b.plates.length} row(s); previous-plate lookups started.`,
    followUp: `vcase plates ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, plates, runF);
}
