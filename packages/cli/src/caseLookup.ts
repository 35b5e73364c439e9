import type { Command } from 'commander';
import type { Client } from './context.js';
import { watchOptions, type App, type WatchFlags } from './kit.js';
import { runLookup, type LookupSpec } from './lookup.js';
import type { Session } from './session.js';

export interface CaseLookupCommand<Body, Start> {
  name: string;
  description: string;
  /** Help of `--run`; omitted when the thing cannot be started from here. */
  run?: string;
  watch: string;
  examples?: string[];
  spec: (client: Client, caseId: string, session: Session) => LookupSpec<Body, Start>;
}

/** A command `NAME [case] [--run] [--watch] [--json]` over one asynchronous case resource. */
export function caseLookupCommand<Body, Start>(parent: Command, app: App, def: CaseLookupCommand<Body, Start>): Command {
  const cmd = parent.command(def.name).description(def.description).argument('[case]', 'case_id or internal_id (picked from a list on a terminal when missing)');
  watchOptions(cmd, { run: def.run, watch: def.watch });
  if (def.examples?.length) cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}`);
  cmd.action(
    app.action<WatchFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const caseId = await s.caseId(arg, { mustExist: o.watch && !o.run });
      return runLookup(s, def.spec(client, caseId, s), o);
    }),
  );
  return cmd;
}
