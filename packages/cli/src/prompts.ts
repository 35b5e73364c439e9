import { isInteractive, type Context, type Prompter } from './context.js';
import { UsageError } from './errors.js';

/** Questions, asked only when a person is at both ends; elsewhere a usage error says what to pass instead. */
export class Prompts {
  constructor(private readonly ctx: Context) {}

  /** stdin and stdout are terminals. */
  get interactive(): boolean {
    return isInteractive(this.ctx);
  }

  get prompter(): Prompter {
    return this.ctx.prompter;
  }

  /** A required value: as given, else asked on a terminal, else a usage error. */
  async required(value: string | undefined, what: string, ask: (prompter: Prompter) => Promise<string>): Promise<string> {
    if (value !== undefined && value !== '') return value;
    if (!this.interactive) {
      throw new UsageError(`missing ${what}`, 'hint: pass it as an argument or option; prompts need a terminal on stdin and stdout');
    }
    return ask(this.ctx.prompter);
  }

  /** Deletes need `--yes`, or a "yes" at the prompt on a terminal. */
  async confirm(message: string, yes: boolean | undefined): Promise<boolean> {
    if (yes) return true;
    if (!this.interactive) throw new UsageError(`${message}: pass --yes to confirm (no prompts without a terminal)`);
    return this.ctx.prompter.confirm(message, false);
  }
}
