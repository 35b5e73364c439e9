import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderJobsSummary } from '../../render/jobs.js';

/** `vcase admin jobs`: queue health, the whole fleet's (read from the shared job table). */
export function register(admin: Command, app: App, runF: RunFn<OutputFlags> = jobsRun): Command {
  const cmd = admin
    .command('jobs')
    .description('queue health: jobs waiting and running by kind and state, the job waiting longest, failing jobs with their last error');
  return outputOptions(cmd).action(app.action(runF));
}

export async function jobsRun(opts: RunOptions<OutputFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.admin.jobs.summary({ signal: f.signal });
  await f.io.show(opts, body, () => renderJobsSummary(f.io.style, body));
}
