import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../../caseLookup.js';
import type { App, RunFn } from '../../kit.js';
import { renderPlateChain } from '../../render/plates.js';

/** `vcase chain plates`: the plate chain as a timeline. */
export const plateChain = defineCaseLookup({
  name: 'plates',
  description: 'the plate chain as a timeline, oldest plate first',
  run: 'generate the chain (in the background)',
  watch: 'wait until the chain is completed',
  examples: ['vcase chain plates EXP-1042 --run --watch'],
  spec: (client, caseId) => ({
    what: 'plate chain',
    start: (r) => client.cases.generateChainPlates(caseId, r),
    read: (r) => client.cases.chainPlates(caseId, r),
    wait: (w) => client.cases.waitForChainPlates(caseId, w),
    progress: (b) => b.status,
    render: renderPlateChain,
    started: (b) => b.message ?? 'Plate chain generation started.',
    followUp: `vcase chain plates ${caseId} --watch`,
  }),
});

export function register(chain: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(chain, app, plateChain, runF);
}
