import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags } from '../kit.js';
import { renderJobsSummary } from '../render/jobs.js';

/** `vcase admin jobs`: queue health, the whole fleet's (read from the shared job table). */
export function register(admin: Command, app: App): void {
  outputOptions(
    admin
      .command('jobs')
      .description('queue health: jobs waiting and running by kind and state, the job waiting longest, failing jobs with their last error'),
  ).action(
    app.action<OutputFlags>(async (s, _a, o) => {
      const client = await s.client();
      const body = await client.admin.jobs.summary({ signal: s.signal });
      if (o.json) return void (await s.json(body));
      await s.out(renderJobsSummary(s.style, body));
    }),
  );
}
