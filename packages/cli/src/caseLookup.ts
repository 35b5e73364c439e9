import type { Command } from 'commander';
import { CASE_ARG } from './caseResolution.js';
import type { Client } from './context.js';
import type { Factory } from './factory.js';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from './kit.js';
import { runLookup, type LookupSpec } from './lookup.js';

export interface CaseLookupCommand<Body, Start> {
  name: string;
  description: string;
  /** Help of `--run`; omitted when the thing cannot be started from here. */
  run?: string;
  watch: string;
  examples?: string[];
  spec: (client: Client, caseId: string, f: Factory) => LookupSpec<Body, Start>;
}

export interface CaseLookupFlags extends WatchFlags {
  case?: string;
}

/** A lookup command's definition, its body and start types inferred from `spec`. */
export function defineCaseLookup<Body, Start>(def: CaseLookupCommand<Body, Start>): CaseLookupCommand<Body, Start> {
  return def;
}

/** A command `NAME [case] [--run] [--watch] [--json]` over one asynchronous case resource. */
export function caseLookupCommand<Body, Start>(
  parent: Command,
  app: App,
  def: CaseLookupCommand<Body, Start>,
  runF: RunFn<CaseLookupFlags> = (opts) => caseLookupRun(def, opts),
): Command {
  const cmd = parent
    .command(def.name)
    .description(def.description)
    .argument(...CASE_ARG);
  watchOptions(cmd, { run: def.run, watch: def.watch });
  if (def.examples?.length) cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}`);
  return cmd.action(app.action(runF));
}

export async function caseLookupRun<Body, Start>(def: CaseLookupCommand<Body, Start>, opts: RunOptions<CaseLookupFlags>): Promise<number> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case, { mustExist: opts.watch && !opts.run });
  return runLookup(f, def.spec(client, caseId, f), opts);
}
