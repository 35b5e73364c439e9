import type { Command } from 'commander';
import { CASE_ARG } from '../caseResolution.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../kit.js';
import { renderReport, type Part, type ReportData } from '../render/report.js';
import { pipedNote, reviewStatusNote } from '../render/reviewStatus.js';

export interface ReportFlags extends OutputFlags {
  case?: string;
}

const HELP =
  '\nWith --json: {"case": …, "status": …, "vins": …, "plates": …, …}, ' + 'each the API body, or null when not there yet (404).';

/** `vcase report`: a case's whole state on one page. */
export function register(program: Command, app: App, runF: RunFn<ReportFlags> = reportRun): Command {
  const cmd = program
    .command('report')
    .description("a case's whole state on one page: documents, VINs, plates, chains, lookups, tenencia, tickets, invoices")
    .argument(...CASE_ARG);
  return outputOptions(cmd).addHelpText('after', HELP).action(app.action(runF));
}

export async function reportRun(opts: RunOptions<ReportFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case);
  const req = { signal: f.signal };
  const detail = await client.cases.get(caseId, {}, req); // a missing case fails the whole report (exit 4)
  const c = client.cases;
  const [status, vins, plates, chain_plates, ownership_chain, repuve, pedimento, rapi, renapo, bureau, taxes, tickets, invoices] =
    await Promise.all([
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
  const parts = { status, vins, plates, chain_plates, ownership_chain, repuve, pedimento, rapi, renapo, bureau, taxes, tickets, invoices };
  const data: ReportData = { case: detail, ...parts };
  if (opts.json) return void (await f.io.json(reportBody(data)));
  await f.io.out(renderReport(data, f.io.style));
  await pipedNote(f.io, opts, reviewStatusNote(detail, 'body' in status ? status.body : undefined));
}

/** `--json`: each part's API body, null where there is none, and why in `errors` where a read failed. */
function reportBody(data: ReportData): Record<string, unknown> {
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
  return Object.keys(errors).length ? { ...body, errors } : body;
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
