import { Argument, type Command } from 'commander';
import { completionScript, SHELLS, type Shell } from '../completion.js';
import type { App } from '../kit.js';

/** `vcase completion bash|zsh|fish`: a completion script made from the command tree itself. */
export function register(program: Command, app: App): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish) made from the commands and options')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      `
Load it in the current shell, or install it for every new one:
  $ source <(vcase completion bash)                 # or that line in ~/.bashrc
  $ source <(vcase completion zsh)                  # or that line in ~/.zshrc, after compinit
  $ vcase completion fish | source                  # or > ~/.config/fish/completions/vcase.fish
It completes commands, subcommands, options and option choices; a file path elsewhere.`,
    )
    .action(
      app.action(async (s, [shell]) => {
        await s.out(completionScript(shell as Shell, program));
      }),
    );
}
