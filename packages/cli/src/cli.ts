import { Command, CommanderError } from 'commander';
import pkg from '../package.json';
import { COMMANDS } from './commandList.js';
import type { Context } from './context.js';
import { describeError, EXIT, EXIT_CODES_HELP, exitCodeFor } from './errors.js';
import { App, positiveInt } from './kit.js';
import { paint, makeStyle } from './ui/style.js';

export const VERSION: string = pkg.version;

const CREDENTIALS_HELP = `Credentials, each value from the first place that has it:
  1. flags --base-url, --token, --api-key, --admin-token
  2. env VCASE_BASE_URL, VCASE_TOKEN, VCASE_API_KEY, VCASE_ADMIN_TOKEN
  3. the profile saved by \`vcase login\` (--profile, VCASE_PROFILE, else "default")
     in $XDG_CONFIG_HOME/vcase/credentials.json (~/.config/vcase/credentials.json)
  4. ./.vcase/credentials.json and ./.vcase/admin-token of a local server`;

/** Global options that take a value (to find the command name in argv without parsing). */
const VALUE_OPTIONS = new Set(['--base-url', '--token', '--api-key', '--admin-token', '--profile', '--request-timeout']);

/** Loaded command modules by name. */
export type CommandModules = Map<string, Awaited<ReturnType<(typeof COMMANDS)[number]['load']>>>;

/** The program, with the named commands (or all) registered in full and the rest as one-line stubs for help. */
export function buildProgram(app: App, modules: CommandModules, argv: readonly string[] = []): Command {
  const program = createProgram(app, argv);
  for (const entry of COMMANDS) {
    const mod = modules.get(entry.name);
    if (mod) mod.register(program, app);
    else program.command(entry.name, { hidden: entry.hidden }).description(entry.summary);
  }
  return program;
}

/** The program without its commands: the global options, help, and output to the context's streams. */
export function createProgram(app: App, argv: readonly string[] = []): Command {
  const { ctx } = app;
  const errStyle = stderrStyle(ctx, argv);
  const program = new Command('vcase');
  program
    .description('vcase: vehicle cases and documents from the terminal and from shell pipelines')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--base-url <url>', 'server address (env VCASE_BASE_URL)')
    .option('--token <token>', 'bearer token (env VCASE_TOKEN)')
    .option('--api-key <key>', 'API key for document endpoints (env VCASE_API_KEY)')
    .option('--admin-token <token>', 'operator token for `vcase admin` (env VCASE_ADMIN_TOKEN)')
    .option('--profile <name>', 'profile saved by `vcase login` (env VCASE_PROFILE; default "default")')
    .option('--request-timeout <s>', 'seconds one request may take (each attempt; env VCASE_REQUEST_TIMEOUT; default 60)', positiveInt)
    .option('--no-color', 'plain output without colours (also NO_COLOR)')
    .option('-v, --verbose', 'log every request and retry to stderr')
    .helpOption('-h, --help', 'show help')
    .addHelpText('after', `\n${CREDENTIALS_HELP}\n\n${EXIT_CODES_HELP}\n`)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void ctx.stdout.write(s),
      writeErr: (s) => void ctx.stderr.write(s),
      getOutHelpWidth: () => (ctx.isTTY.stdout ? (ctx.columns ?? 80) : 100),
      getErrHelpWidth: () => (ctx.isTTY.stderr ? (ctx.columns ?? 80) : 100),
      outputError: (s, write) => write(paint(errStyle, 'red', s)),
    });
  program.addHelpCommand('help [command]', 'show help for a command');
  return program;
}

/**
 * Where the command starts in argv: the index of the first word that is not a global option
 * (nor an option's value), and whether it follows `--`; undefined when there is none.
 */
function firstWord(argv: string[]): { index: number; afterDashes: boolean } | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return i + 1 < argv.length ? { index: i + 1, afterDashes: true } : undefined;
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    return { index: i, afterDashes: false };
  }
  return undefined;
}

/** `help X Y…`: where `help` stands and the words after it (options left out), or undefined. */
function helpRequest(argv: string[]): { at: number; topics: string[] } | undefined {
  const w = firstWord(argv);
  if (!w || w.afterDashes || argv[w.index] !== 'help') return undefined;
  return { at: w.index, topics: argv.slice(w.index + 1).filter((x) => !x.startsWith('-')) };
}

/** The command named in argv (after global options), or undefined. `help X` names X. */
export function commandName(argv: string[]): string | undefined {
  const help = helpRequest(argv);
  if (help) return help.topics[0];
  const w = firstWord(argv);
  return w ? argv[w.index] : undefined;
}

/** Loads the modules a run needs: the named command, or every one for help and docs-reference. */
export async function loadModules(names: 'all' | string[]): Promise<CommandModules> {
  const modules: CommandModules = new Map();
  for (const entry of COMMANDS) {
    if (names === 'all' || names.includes(entry.name)) modules.set(entry.name, await entry.load());
  }
  return modules;
}

/**
 * The style of what is written to stderr before or outside a command's run (usage and
 * error lines): a --no-color anywhere on the line counts, since parsing may have failed.
 */
function stderrStyle(ctx: Context, argv: readonly string[]) {
  return makeStyle({ tty: ctx.isTTY.stderr, env: ctx.env, noColor: argv.includes('--no-color') });
}

/**
 * `help cases create` as `cases create --help`: Commander's help command names one level of
 * commands only, and showed the group's help for a subcommand. Global options stay in place.
 */
export function nestedHelp(argv: string[]): string[] {
  const help = helpRequest(argv);
  if (!help || help.topics.length < 2) return argv;
  return [...argv.slice(0, help.at), ...argv.slice(help.at + 1), '--help'];
}

/** Runs one invocation; returns the exit code. Never exits the process itself. */
export async function run(givenArgv: string[], ctx: Context): Promise<number> {
  const argv = nestedHelp(givenArgv);
  const asked = helpRequest(argv)?.topics[0];
  if (asked !== undefined && asked !== 'help' && !COMMANDS.some((c) => c.name === asked)) {
    const style = stderrStyle(ctx, argv);
    ctx.stderr.write(`${paint(style, 'red', 'vcase:')} unknown command '${asked}'\nhint: vcase --help lists the commands\n`);
    return EXIT.USAGE;
  }
  const app: App = new App(ctx, () => buildProgram(app, new Map()));
  const name = commandName(argv);
  const wantsVersion = argv.includes('--version') || argv.includes('-V');
  // The reference and the completion scripts are made from every command.
  const everything = name === 'docs-reference' || name === 'completion';
  const modules = await loadModules(everything ? 'all' : name && !wantsVersion ? [name] : []);
  const program = buildProgram(app, modules, argv);
  // As gh does: `vcase` alone is a request for help, answered on stdout.
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.OK;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return app.exitCode;
  } catch (error) {
    // Commander's own: usage errors, and the end of --help and --version.
    if (error instanceof CommanderError) {
      const shown = error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
      return shown || error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    const code = exitCodeFor(error);
    const style = stderrStyle(ctx, argv);
    if (code === EXIT.INTERRUPTED) ctx.stderr.write('vcase: interrupted\n');
    else {
      const text = describeError(error, { admin: name === 'admin', address: app.factory?.clients.address });
      ctx.stderr.write(`${paint(style, 'red', 'vcase:')} ${text}\n`);
    }
    return code;
  }
}
