import { invoicesResponseSchema } from '../invoices.js';
import {
  CREDIT_BUREAU_PATH_SEGMENT,
  creditBureauResponseSchema,
  creditBureauStartResponseSchema,
  pedimentoResponseSchema,
  pedimentoStartResponseSchema,
  rapiResponseSchema,
  rapiStartResponseSchema,
  renapoResponseSchema,
  renapoStartResponseSchema,
  repuveResponseSchema,
} from '../lookups.js';
import { CASE_PATH, defineOperations } from '../operationSpec.js';
import { taxesResponseSchema, taxesStartResponseSchema } from '../taxes.js';
import { ticketsResponseSchema, ticketsStartResponseSchema } from '../tickets.js';

/** Lookups on cases (contract §4.4 – §4.8). */
export const LOOKUP_OPERATIONS = defineOperations({
  getRepuve: {
    method: 'GET', path: `${CASE_PATH}/repuve`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent REPUVE registry record',
    response: repuveResponseSchema, successStatus: 200,
  },
  getPedimento: {
    method: 'GET', path: `${CASE_PATH}/pedimento`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent customs-entry (pedimento) result',
    response: pedimentoResponseSchema, successStatus: 200,
  },
  startPedimento: {
    method: 'POST', path: `${CASE_PATH}/pedimento`, auth: 'bearer', group: 'lookups',
    summary: "Look up the customs entry of the case's primary invoice",
    response: pedimentoStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getRapi: {
    method: 'GET', path: `${CASE_PATH}/rapi`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent criminal-activity registry (RAPI) result',
    response: rapiResponseSchema, successStatus: 200,
  },
  startRapi: {
    method: 'POST', path: `${CASE_PATH}/rapi`, auth: 'bearer', group: 'lookups',
    summary: "Look up the case's primary VIN in RAPI",
    response: rapiStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getRenapo: {
    method: 'GET', path: `${CASE_PATH}/renapo`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent CURP validation',
    response: renapoResponseSchema, successStatus: 200,
  },
  startRenapo: {
    method: 'POST', path: `${CASE_PATH}/renapo`, auth: 'bearer', group: 'lookups',
    summary: "Validate the CURP found in the case's documents",
    response: renapoStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getCreditBureau: {
    method: 'GET', path: `${CASE_PATH}/${CREDIT_BUREAU_PATH_SEGMENT}`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent credit-bureau vehicle report',
    response: creditBureauResponseSchema, successStatus: 200,
  },
  startCreditBureau: {
    method: 'POST', path: `${CASE_PATH}/${CREDIT_BUREAU_PATH_SEGMENT}`, auth: 'bearer', group: 'lookups',
    summary: 'Request the credit-bureau vehicle report and its verification PDF',
    response: creditBureauStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getTickets: {
    method: 'GET', path: `${CASE_PATH}/tickets`, auth: 'bearer', group: 'lookups',
    summary: "Infractions of the case's plates (read-only)",
    response: ticketsResponseSchema, successStatus: 200,
  },
  startTickets: {
    method: 'POST', path: `${CASE_PATH}/tickets`, auth: 'bearer', group: 'lookups',
    summary: 'Look up infractions of every plate of the case',
    response: ticketsStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getTaxes: {
    method: 'GET', path: `${CASE_PATH}/taxes`, auth: 'bearer', group: 'lookups',
    summary: "Tenencia (vehicle tax) of the case's plates (read-only)",
    response: taxesResponseSchema, successStatus: 200,
  },
  startTaxes: {
    method: 'POST', path: `${CASE_PATH}/taxes`, auth: 'bearer', group: 'lookups',
    summary: 'Look up tenencia of every plate of the case',
    response: taxesStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getInvoices: {
    method: 'GET', path: `${CASE_PATH}/invoices`, auth: 'bearer', group: 'lookups',
    summary: 'Invoices of the case with their background checks',
    response: invoicesResponseSchema, successStatus: 200,
  },
});
