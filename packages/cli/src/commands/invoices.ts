import type { Command } from 'commander';
import { caseLookupCommand, defineCaseLookup, type CaseLookupFlags } from '../caseLookup.js';
import type { App, RunFn } from '../kit.js';
import { CHECKS, renderInvoices } from '../render/invoices.js';

export const invoices = defineCaseLookup({
  name: 'invoices',
  description: 'invoices of the case and their four checks (SAT CFDI, pedimento, AMDA, AMIS) as a matrix',
  watch: 'wait until every check of every invoice is completed',
  examples: ['vcase invoices EXP-1042 --watch'],
  spec: (client, caseId) => ({
    what: 'invoice checks',
    read: (r) => client.cases.invoices(caseId, r),
    wait: (w) => client.cases.waitForInvoices(caseId, w),
    progress: (b) => {
      const running = b.invoices.reduce((n, inv) => n + CHECKS.filter(({ key }) => inv[key].status === 'processing').length, 0);
      return `${running} check(s) running`;
    },
    render: renderInvoices,
  }),
});

export function register(program: Command, app: App, runF?: RunFn<CaseLookupFlags>): Command {
  return caseLookupCommand(program, app, invoices, runF);
}
