import { TICKET_MESSAGES } from '@vcase/sdk';
import type { Command } from 'commander';
import { caseLookupCommand } from '../caseLookup.js';
import { waitUntil } from '../lookup.js';
import type { App } from '../kit.js';
import { renderTickets, ticketsBlockNotes } from '../render/tickets.js';

export function register(program: Command, app: App): void {
  caseLookupCommand(program, app, {
    name: 'tickets',
    description: 'infractions of every plate of the case, grouped by plate and state, with unpaid totals',
    run: 'look up every plate (current and previous)',
    watch: "wait until the lookups finish (exit 5 if a plate's lookup could not run)",
    examples: ['vcase tickets EXP-1042', 'vcase tickets EXP-1042 --run --watch'],
    spec: (client, caseId, s) => ({
      what: 'tickets',
      start: (r) => client.cases.startTickets(caseId, r),
      read: (r) => client.cases.tickets(caseId, r),
      // Root `completed` holds as soon as one plate has an answer: wait for every plate.
      wait: (w) => waitUntil(s, `tickets of case ${caseId}`, (o) => client.cases.waitForTickets(caseId, o), (b) => !b.result.some((r) => r.status === 'processing'), w),
      progress: (b) => `${b.status} · ${b.result.filter((x) => x.status === 'processing').length} plate(s) running`,
      render: renderTickets,
      blockNotes: ticketsBlockNotes,
      // A plate whose query could not run (a process or provider failure: retrying is worthwhile).
      failed: (b) => b.result.some((r) => r.status === 'failed' && r.message === TICKET_MESSAGES.LOOKUP_FAILED),
      started: (b) => `Tickets lookup started for ${b.plates.join(', ')} (job ${b.job_id}).`,
      followUp: `vcase tickets ${caseId} --watch`,
    }),
  });
}
