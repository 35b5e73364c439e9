import { TICKET_MESSAGES, type TicketsResponse } from '@vcase/sdk';
import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import { waitUntil } from '../lookup.js';
import type { App, RunFn } from '../kit.js';
import { renderTickets, ticketsBlockNotes } from '../render/tickets.js';

export const tickets = defineCaseLookup({
  name: 'tickets',
  description: 'infractions of every plate of the case, grouped by plate and state, with unpaid totals',
  run: 'look up every plate (current and previous)',
  watch: "wait until the lookups finish (exit 5 if a plate's lookup could not run)",
  examples: ['vcase tickets EXP-1042', 'vcase tickets EXP-1042 --run --watch'],
  spec: (client, caseId, f) => ({
    what: 'tickets',
    start: (r) => client.cases.startTickets(caseId, r),
    read: (r) => client.cases.tickets(caseId, r),
    // Root `completed` holds as soon as one plate has an answer: wait for every plate.
    wait: (w) => {
      const settled = (b: TicketsResponse) => !b.result.some((r) => r.status === 'processing');
      return waitUntil(f.ctx, `tickets of case ${caseId}`, (o) => client.cases.waitForTickets(caseId, o), settled, w);
    },
    progress: (b) => `${b.status} · ${b.result.filter((x) => x.status === 'processing').length} plate(s) running`,
    render: renderTickets,
    blockNotes: ticketsBlockNotes,
    // A plate whose query could not run (a process or provider failure: retrying is worthwhile).
    failed: (b) => b.result.some((r) => r.status === 'failed' && r.message === TICKET_MESSAGES.LOOKUP_FAILED),
    started: (b) => `Tickets lookup started for ${b.plates.join(', ')} (job ${b.job_id}).`,
    followUp: `vcase tickets ${caseId} --watch`,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, tickets, runF);
}
