import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../../caseLookup.js';
import type { App, RunFn } from '../../kit.js';
import { renderOwnership } from '../../render/ownership.js';

/** `vcase chain ownership`: the ownership chain as a tree with its gaps. */
export const ownershipChain = defineCaseLookup({
  name: 'ownership',
  description: 'the ownership chain as a tree, gaps marked',
  run: 'generate the chain (in the background; consolidates names first when needed)',
  watch: 'wait until the chain is completed',
  examples: ['vcase chain ownership EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'ownership chain',
    start: (r) => client.cases.generateOwnershipChain(caseId, r),
    read: (r) => client.cases.ownershipChain(caseId, r),
    wait: (w) => client.cases.waitForOwnershipChain(caseId, w),
    progress: (b) => b.status,
    render: renderOwnership,
    started: (b) => b.message ?? 'Ownership chain generation started.',
    followUp: `vcase chain ownership ${caseId} --watch`,
  }),
});

export function register(chain: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(chain, app, ownershipChain, runF);
}
