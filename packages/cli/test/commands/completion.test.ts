import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../../../../vitest.needs.ts';
import { EXIT } from '../../src/errors.js';
import { emptyDir, runCli } from '../helpers/harness.js';

const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

async function script(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  expect(r.code).toBe(EXIT.OK);
  const file = path.join(emptyDir(), `vcase.${shell}`);
  fs.writeFileSync(file, r.stdout);
  return file;
}

/** What the shell offers after each line (the last word is the one being completed), one line per case. */
const LINES = [
  ['vcase', ''],
  ['vcase', 'cas'],
  ['vcase', 'cases', ''],
  ['vcase', '--profile', 'prod', 'cases', 'cr'],
  ['vcase', 'cases', 'create', '--allow'],
  ['vcase', 'cases', 'create', '--format', ''],
  ['vcase', 'chain', ''],
  ['vcase', 'help', 'cha'],
];
const EXPECTED = [
  'cases documents report plates chain tickets taxes invoices repuve pedimento rapi renapo bureau ine admin login completion help',
  'cases',
  'list get create delete assign process status names vins metadata help',
  'create',
  '--allow-duplicate',
  'ndjson csv',
  'plates ownership help',
  'chain',
];
/** The candidates as a set (fish sorts them; bash and zsh keep the tree's order). */
const words = (line: string) => line.trim().split(/\s+/).filter(Boolean).sort();
const expectLines = (out: string) => EXPECTED.forEach((expected, i) => expect(words(out.split('\n')[i] ?? '')).toEqual(words(expected)));

describe('vcase completion', () => {
  it('bash: commands, subcommands after global options and their values, options, option choices', async () => {
    const file = await script('bash');
    const calls = LINES.map((words) => `t ${words.map((w) => `'${w}'`).join(' ')}`).join('\n');
    const out = execFileSync(
      'bash',
      [
        '--norc',
        '-c',
        `source '${file}'\nt() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _vcase; echo "\${COMPREPLY[*]}"; }\n${calls}`,
      ],
      { encoding: 'utf8' },
    );
    expectLines(out);
  });

  it(
    'zsh: the same, with the stubs of the completion system',
    needs(has('zsh'), 'needs zsh: install it (apt-get install zsh) to run the zsh completion test'),
    async () => {
      const file = await script('zsh');
      const stubs = `compdef() { :; }
_describe() { local -a e; e=("\${(@P)4}"); print -r -- \${e%%:*}; }
compadd() { shift; print -r -- "$@"; }
_files() { print FILES; }`;
      // zsh's completion functions offer every candidate; the shell filters by the typed prefix itself.
      const calls = LINES.map((words) => `t ${words.map((w) => `'${w}'`).join(' ')}`).join('\n');
      const out = execFileSync(
        'zsh',
        [
          '-f',
          '-c',
          `${stubs}\nsource '${file}'\n` +
            `t() { words=("$@"); CURRENT=$#; _vcase | tr ' ' '\\n' | grep -- "^\${words[CURRENT]}" | tr '\\n' ' '; print; }\n${calls}`,
        ],
        { encoding: 'utf8' },
      );
      expectLines(out);
    },
  );

  it(
    "fish: the same, through fish's own `complete -C`",
    needs(has('fish'), 'needs fish: install it (apt-get install fish) to run the fish completion test'),
    async () => {
      const file = await script('fish');
      const calls = LINES.map((words) => `complete -C '${words.join(' ')}' | cut -f1 | string join ' '`).join('\n');
      // (fish -c ends with a status of its own after `complete -C`: the output is what counts)
      const out = execFileSync('fish', ['--no-config', '-c', `source '${file}'\n${calls}\nexit 0`], { encoding: 'utf8' });
      expectLines(out);
    },
  );

  it('every option of a command is completed (the script is made from the command tree)', async () => {
    const help = (await runCli(['cases', 'create', '--help'])).stdout;
    const options = [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]);
    const bash = (await runCli(['completion', 'bash'])).stdout;
    const line = bash.split('\n').find((l) => l.startsWith("    'cases create')"))!;
    expect(options.length).toBeGreaterThan(10);
    for (const o of options) expect(line.split(/[ ']/)).toContain(o);
  });

  it('names the shells it knows', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.stderr).toContain('Allowed choices are bash, zsh, fish');
  });
});
