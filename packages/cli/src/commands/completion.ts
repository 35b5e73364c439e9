import { Argument, type Command } from 'commander';
import { completionScript, SHELLS, type Shell } from '../completion.js';
import type { App, RunFn, RunOptions } from '../kit.js';

export interface CompletionFlags {
  shell: Shell;
}

const HELP = `
Load it in the current shell, or install it for every new one:
  $ source <(vcase completion bash)                 # or that line in ~/.bashrc
  $ source <(vcase completion zsh)                  # or that line in ~/.zshrc, after compinit
  $ vcase completion fish | source                  # or > ~/.config/fish/completions/vcase.fish
It completes commands, subcommands, options and option choices; a file path elsewhere.`;

/** `vcase completion bash|zsh|fish`: a completion script made from the command tree itself. */
export function register(program: Command, app: App, runF?: RunFn<CompletionFlags>): Command {
  return program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish) made from the commands and options')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText('after', HELP)
    .action(app.action<CompletionFlags>(runF ?? ((opts) => completionRun(program, opts))));
}

export async function completionRun(program: Command, opts: RunOptions<CompletionFlags>): Promise<void> {
  await opts.f.io.out(completionScript(opts.shell, program));
}
