import { taxYear } from '../domain/taxes.js';
import { getBureau, startBureau } from '../services/lookups/bureau.service.js';
import { getInvoices } from '../services/lookups/invoices.service.js';
import { getPedimento, startPedimento } from '../services/lookups/pedimento.service.js';
import { getRapi, startRapi } from '../services/lookups/rapi.service.js';
import { getRenapo, startRenapo } from '../services/lookups/renapo.service.js';
import { getRepuve } from '../services/lookups/repuve.service.js';
import { startTaxes, startTickets, taxesOf, ticketsOf } from '../services/plateReports.service.js';
import { cachedCaseRead } from './cachedReads.js';
import type { OperationHandlers } from './operation.js';

/** The `lookups` group of the operations table: the outside sources asked about a case. */
export const LOOKUP_HANDLERS = {
  getRepuve: ({ ctx, principal }, i) => getRepuve(ctx, principal, i.params.case_id),
  getPedimento: ({ ctx, principal }, i) => getPedimento(ctx, principal, i.params.case_id),
  startPedimento: ({ ctx, principal }, i) => startPedimento(ctx, principal, i.params.case_id),
  getRapi: ({ ctx, principal }, i) => getRapi(ctx, principal, i.params.case_id),
  startRapi: ({ ctx, principal }, i) => startRapi(ctx, principal, i.params.case_id),
  getRenapo: ({ ctx, principal }, i) => getRenapo(ctx, principal, i.params.case_id),
  startRenapo: ({ ctx, principal }, i) => startRenapo(ctx, principal, i.params.case_id),
  getCreditBureau: ({ ctx, principal }, i) => getBureau(ctx, principal, i.params.case_id),
  startCreditBureau: ({ ctx, principal }, i) => startBureau(ctx, principal, i.params.case_id),
  getTickets: (env, i) => cachedCaseRead(env, 'getTickets', i.params.case_id, (row) => ticketsOf(env.ctx, row)),
  startTickets: ({ ctx, principal }, i) => startTickets(ctx, principal, i.params.case_id),
  // The tenencia owed depends on the current fiscal year too, which keys the cached answer.
  getTaxes: (env, i) =>
    cachedCaseRead(env, 'getTaxes', i.params.case_id, (row) => taxesOf(env.ctx, row), String(taxYear(env.ctx.clock.now()))),
  startTaxes: ({ ctx, principal }, i) => startTaxes(ctx, principal, i.params.case_id),
  getInvoices: ({ ctx, principal, fileUrl }, i) => getInvoices(ctx, principal, i.params.case_id, fileUrl),
} satisfies Partial<OperationHandlers>;
