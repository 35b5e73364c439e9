import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags } from '../kit.js';
import { renderReport, type Part, type ReportData } from '../render/report.js';
import { pipedNote, reviewStatusNote } from '../render/reviewStatus.js';

export function register(program: Command, app: App): void {
  outputOptions(
    program
      .command('report')
      .description("a case's whole state on one page: documents, VINs, plates, chains, lookups, tenencia, tickets, invoices")
      .argument('[case]', 'case_id or internal_id (picked from a list on a terminal when missing)'),
  )
    .addHelpText('after', '\nWith --json: {"case": …, "status": …, "vins": …, "plates": …, …}, each the API body, or null when not there yet (404).')
    .action(
      app.action<OutputFlags>(async (s, [arg], o) => {
        const client = await s.client();
        const caseId = await s.caseId(arg);
        const req = { signal: s.signal };
        const detail = await client.cases.get(caseId, {}, req); // a missing case fails the whole report (exit 4)
        const c = client.cases;
        const [status, vins, plates, chain_plates, ownership_chain, repuve, pedimento, rapi, renapo, bureau, taxes, tickets, invoices] = await Promise.all([
          settle(c.status(caseId, req)),
          settle(c.vins(caseId, req)),
          settle(c.plates(caseId, req)),
          settle(c.chainPlates(caseId, req)),
          settle(c.ownershipChain(caseId, req)),
          settle(c.repuve(caseId, req)),
          settle(c.pedimento(caseId, req)),
          settle(c.rapi(caseId, req)),
          settle(c.renapo(caseId, req)),
          settle(c.bureau(caseId, req)),
          settle(c.taxes(caseId, req)),
          settle(c.tickets(caseId, req)),
          settle(c.invoices(caseId, req)),
        ]);
        const data: ReportData = { case: detail, status, vins, plates, chain_plates, ownership_chain, repuve, pedimento, rapi, renapo, bureau, taxes, tickets, invoices };
        if (o.json) {
          const body: Record<string, unknown> = {};
          const errors: Record<string, string> = {};
          for (const [k, v] of Object.entries(data)) {
            if (k === 'case') body[k] = v;
            else if ('body' in (v as Part<unknown>)) body[k] = (v as { body: unknown }).body;
            else {
              body[k] = null;
              if ('error' in (v as Part<unknown>)) errors[k] = (v as { error: string }).error;
            }
          }
          return void (await s.json(Object.keys(errors).length ? { ...body, errors } : body));
        }
        await s.out(renderReport(data, s.style));
        await pipedNote(s, o, reviewStatusNote(detail, 'body' in status ? status.body : undefined));
      }),
    );
}

/** A part of the report: 404 is "not there yet"; a signal abort still aborts everything. */
async function settle<T>(promise: Promise<T>): Promise<Part<T>> {
  try {
    return { body: await promise };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotFoundError') return { missing: true };
    if (name === 'APIUserAbortError' || name === 'AuthenticationError' || name === 'MissingCredentialError') throw error;
    return { error: (error as Error).message };
  }
}
