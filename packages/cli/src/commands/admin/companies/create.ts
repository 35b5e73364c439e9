import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface CreateCompanyFlags extends OutputFlags {
  name: string;
  statusCatalog?: string;
  useCase?: string[];
}

/** `vcase admin companies create`. */
export function register(companies: Command, app: App, runF: RunFn<CreateCompanyFlags> = createCompanyRun): Command {
  const cmd = companies
    .command('create')
    .description('create a company')
    .requiredOption('--name <name>', 'company name')
    .option('--status-catalog <statuses>', 'comma-separated initial statuses (default processing,nuevo)')
    .option('--use-case <name...>', 'catalog use cases');
  return outputOptions(cmd).action(app.action(runF));
}

export async function createCompanyRun(opts: RunOptions<CreateCompanyFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const statuses = opts.statusCatalog
    ? opts.statusCatalog
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
  const company = {
    name: opts.name,
    ...(statuses ? { status_catalog: statuses } : {}),
    ...(opts.useCase ? { use_cases: opts.useCase.map((name) => ({ name })) } : {}),
  };
  await showAdmin(f.io, opts, await client.admin.companies.create(company, { signal: f.signal }));
}
