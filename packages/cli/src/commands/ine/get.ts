import type { Command } from 'commander';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from '../../kit.js';
import { runLookup } from '../../lookup.js';
import { ineSpec } from './spec.js';

export interface GetIneFlags extends WatchFlags {
  job: string;
}

/** `vcase ine get`: the result of a validation, `--watch` until it settles. */
export function register(ine: Command, app: App, runF: RunFn<GetIneFlags> = getRun): Command {
  const cmd = ine.command('get').description('the result of a validation').argument('<job>', 'job_id from `vcase ine submit`');
  return watchOptions(cmd, { watch: 'wait for the result (exit 5 if validation fails)' }).action(app.action(runF));
}

export async function getRun(opts: RunOptions<GetIneFlags>): Promise<number> {
  const { f } = opts;
  const client = await f.client();
  return runLookup(
    f,
    ineSpec(client, () => opts.job),
    opts,
  );
}
