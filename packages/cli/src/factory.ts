import { CaseResolution } from './caseResolution.js';
import { ClientFactory, type ClientFlags } from './clientFactory.js';
import type { Client, Context } from './context.js';
import { Output } from './output.js';
import { Prompts } from './prompts.js';

/** Options every command inherits from the program. */
export interface GlobalOptions extends ClientFlags {
  /** False with --no-color. */
  color?: boolean;
}

/**
 * What one run of a command reaches, as gh's `cmdutil.Factory`: the context, the output, the
 * prompts, the SDK client (made on first use) and case resolution. Built from the global options.
 */
export class Factory {
  readonly io: Output;
  readonly prompts: Prompts;
  readonly clients: ClientFactory;
  readonly cases: CaseResolution;

  constructor(
    readonly ctx: Context,
    globals: GlobalOptions,
  ) {
    this.io = new Output(ctx, { noColor: globals.color === false });
    this.prompts = new Prompts(ctx);
    this.clients = new ClientFactory(ctx, globals);
    this.cases = new CaseResolution(() => this.client(), this.prompts, ctx.signal);
  }

  /** Aborted on Ctrl-C. */
  get signal(): AbortSignal {
    return this.ctx.signal;
  }

  client(): Promise<Client> {
    return this.clients.client();
  }
}
