import type { Command, Option } from 'commander';

/** One command of the tree: its path (`cases create`), its subcommands and its own options. */
interface Node {
  path: string;
  commands: { name: string; summary: string }[];
  options: OptionSpec[];
}

interface OptionSpec {
  names: string[];
  summary: string;
  /** Takes a value; `choices` when the value is one of a list. */
  value: boolean;
  choices?: string[];
}

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function optionSpec(o: Option): OptionSpec {
  return {
    names: [o.long, o.short].filter((n): n is string => !!n),
    summary: oneLine(o.description),
    value: o.required || o.optional,
    ...(o.argChoices?.length ? { choices: o.argChoices } : {}),
  };
}

/**
 * The command tree as help shows it (hidden commands left out), from the program with every
 * command loaded. `help` completes the top-level commands, as it takes one.
 */
export function commandTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const walk = (cmd: Command, path: string) => {
    const help = cmd.createHelp();
    const commands = help.visibleCommands(cmd).map((c) => ({ name: c.name(), summary: oneLine(c.description()) }));
    const options = path === '' ? [] : help.visibleOptions(cmd).map(optionSpec);
    nodes.push({ path, commands, options });
    for (const sub of help.visibleCommands(cmd)) {
      const subPath = path ? `${path} ${sub.name()}` : sub.name();
      // `help` takes one of its siblings.
      if (sub.name() === 'help') nodes.push({ path: subPath, commands: commands.filter((c) => c.name !== 'help'), options: [] });
      else walk(sub, subPath);
    }
  };
  walk(program, '');
  return nodes;
}

/** Options every command takes (the program's: Commander reads them before or after a subcommand). */
function globalOptions(program: Command): OptionSpec[] {
  return program.createHelp().visibleOptions(program).map(optionSpec);
}

/** A word in single quotes for bash and zsh. */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** A word in single quotes for fish (backslash escapes inside). */
const fq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * `case` branches over "PATH|OPTION" for the options that take a value: the answer is its
 * choices, or `*` for any value. `anyPath` makes the pattern of a global option (any path).
 */
function valueCases(
  nodes: Node[],
  globals: OptionSpec[],
  quote: (s: string) => string,
  anyPath: (option: string) => string,
): { pattern: string; answer: string }[] {
  const out: { pattern: string; answer: string }[] = [];
  const add = (path: string | '*', o: OptionSpec) => {
    if (!o.value) return;
    const answer = o.choices ? o.choices.join(' ') : '*';
    for (const name of o.names) out.push({ pattern: path === '*' ? anyPath(name) : quote(`${path}|${name}`), answer });
  };
  for (const node of nodes) for (const o of node.options) add(node.path, o);
  for (const o of globals) add('*', o);
  return out;
}

export function completionScript(shell: Shell, program: Command): string {
  const nodes = commandTree(program);
  const globals = globalOptions(program);
  if (shell === 'fish') return fishScript(nodes, globals);
  return shell === 'bash' ? bashScript(nodes, globals) : zshScript(nodes, globals);
}

/** A command's options, then the global ones it does not have itself. */
function optionsAt(node: Node, globals: OptionSpec[]): OptionSpec[] {
  const own = new Set(node.options.flatMap((o) => o.names));
  return [...node.options, ...globals.filter((g) => !g.names.some((n) => own.has(n)))];
}

/**
 * The lookups both bash and zsh scripts read (the same \`case\` syntax): subcommands and
 * options by command path, and the value an option takes.
 */
function lookupFunctions(commands: string[], options: string[], values: string[]): string {
  return `_vcase_commands() {
  case "$1" in
${commands.join('\n')}
  esac
}
_vcase_options() {
  case "$1" in
${options.join('\n')}
  esac
}
# "PATH|OPTION" of an option that takes a value: its choices, or * for any value.
_vcase_value() {
  case "$1|$2" in
${values.join('\n')}
    *) return 1 ;;
  esac
}`;
}

function bashScript(nodes: Node[], globals: OptionSpec[]): string {
  const commands = nodes
    .filter((n) => n.commands.length)
    .map((n) => `    ${sq(n.path)}) echo ${sq(n.commands.map((c) => c.name).join(' '))} ;;`);
  const options = nodes.map(
    (n) =>
      `    ${sq(n.path)}) echo ${sq(
        optionsAt(n, globals)
          .flatMap((o) => o.names)
          .join(' '),
      )} ;;`,
  );
  const values = valueCases(nodes, globals, sq, (o) => `*${sq(`|${o}`)}`).map((v) => `    ${v.pattern}) echo ${sq(v.answer)} ;;`);
  return `# vcase completion for bash, generated from the command tree by \`vcase completion bash\`.
# Now: source <(vcase completion bash)   Always: add that line to ~/.bashrc
${lookupFunctions(commands, options, values)}
_vcase() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmdpath='' value='' word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if [[ -n $value ]]; then value=''; continue; fi
    if [[ $word == -* ]]; then value=$(_vcase_value "$cmdpath" "$word") || value=''; continue; fi
    if [[ " $(_vcase_commands "$cmdpath") " == *" $word "* ]]; then cmdpath=\${cmdpath:+$cmdpath }$word; fi
  done
  if [[ -n $value ]]; then
    if [[ $value == '*' ]]; then COMPREPLY=($(compgen -f -- "$cur")); else COMPREPLY=($(compgen -W "$value" -- "$cur")); fi
    return
  fi
  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$(_vcase_options "$cmdpath")" -- "$cur")); return; fi
  local commands
  commands=$(_vcase_commands "$cmdpath")
  if [[ -n $commands ]]; then COMPREPLY=($(compgen -W "$commands" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi
}
complete -F _vcase vcase
`;
}

function zshScript(nodes: Node[], globals: OptionSpec[]): string {
  const entry = (name: string, summary: string) => sq(`${name.replace(/:/g, '\\:')}:${summary}`);
  const commands = nodes
    .filter((n) => n.commands.length)
    .map((n) => `    ${sq(n.path)}) print -rl -- ${n.commands.map((c) => entry(c.name, c.summary)).join(' ')} ;;`);
  const options = nodes.map((n) => {
    const entries = optionsAt(n, globals).flatMap((o) => o.names.map((name) => entry(name, o.summary)));
    return `    ${sq(n.path)}) print -rl -- ${entries.join(' ')} ;;`;
  });
  const values = valueCases(nodes, globals, sq, (o) => `*${sq(`|${o}`)}`).map((v) => `    ${v.pattern}) print -r -- ${sq(v.answer)} ;;`);
  return `#compdef vcase
# vcase completion for zsh, generated from the command tree by \`vcase completion zsh\`.
# Now: source <(vcase completion zsh)   Always: add that line to ~/.zshrc (after compinit)
${lookupFunctions(commands, options, values)}
_vcase() {
  local cmdpath='' value='' word i
  local -a names entries
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if [[ -n $value ]]; then value=''; continue; fi
    if [[ $word == -* ]]; then value=$(_vcase_value "$cmdpath" "$word") || value=''; continue; fi
    names=(\${\${(f)"$(_vcase_commands "$cmdpath")"}%%:*})
    if (( \${names[(Ie)$word]} )); then cmdpath=\${cmdpath:+$cmdpath }$word; fi
  done
  if [[ -n $value ]]; then
    if [[ $value == '*' ]]; then _files; else compadd -- \${=value}; fi
    return
  fi
  if [[ \${words[CURRENT]} == -* ]]; then
    entries=(\${(f)"$(_vcase_options "$cmdpath")"})
    _describe -t options option entries
    return
  fi
  entries=(\${(f)"$(_vcase_commands "$cmdpath")"})
  if (( \${#entries} )); then _describe -t commands command entries; else _files; fi
}
compdef _vcase vcase
`;
}

function fishScript(nodes: Node[], globals: OptionSpec[]): string {
  const commands = nodes
    .filter((n) => n.commands.length)
    .map((n) => `    case ${fq(n.path)}\n      printf '%s\\n' ${n.commands.map((c) => fq(c.name)).join(' ')}`);
  const values = valueCases(nodes, globals, fq, (o) => fq(`*|${o}`)).map((v) => `    case ${v.pattern}\n      echo ${fq(v.answer)}`);
  const optionLine = (o: OptionSpec, condition: string) => {
    const names = o.names.map((n) => (n.startsWith('--') ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`)).join(' ');
    const value = o.choices ? ` -x -a ${fq(o.choices.join(' '))}` : o.value ? ' -r' : '';
    return `complete -c vcase${condition} ${names}${value} -d ${fq(o.summary)}`;
  };
  const lines: string[] = [];
  const globalNames = new Set(globals.flatMap((o) => o.names));
  for (const n of nodes) {
    const at = ` -n ${fq(`__vcase_at ${fq(n.path)}`)}`;
    for (const c of n.commands) lines.push(`complete -c vcase${at} -f -a ${fq(c.name)} -d ${fq(c.summary)}`);
    for (const o of n.options) if (!o.names.some((name) => globalNames.has(name))) lines.push(optionLine(o, at));
  }
  for (const o of globals) lines.push(optionLine(o, ''));
  return `# vcase completion for fish, generated from the command tree by \`vcase completion fish\`.
# Now: vcase completion fish | source   Always: vcase completion fish > ~/.config/fish/completions/vcase.fish
function __vcase_commands
  switch $argv[1]
${commands.join('\n')}
  end
end
# "PATH|OPTION" of an option that takes a value: its choices, or * for any value.
function __vcase_value
  switch "$argv[1]|$argv[2]"
${values.join('\n')}
    case '*'
      return 1
  end
end
# The command path of the line so far (\`cases create\`), option values left out.
function __vcase_path
  set -l tokens (commandline -opc)
  set -e tokens[1]
  set -l cmdpath ''
  set -l value 0
  for word in $tokens
    if test $value = 1
      set value 0
      continue
    end
    if string match -q -- '-*' $word
      __vcase_value "$cmdpath" $word >/dev/null; and set value 1
      continue
    end
    if contains -- $word (__vcase_commands "$cmdpath")
      set cmdpath (string trim -- "$cmdpath $word")
    end
  end
  echo $cmdpath
end
function __vcase_at
  set -l current (__vcase_path)
  test "$current" = "$argv[1]"
end
complete -c vcase -e
${lines.join('\n')}
`;
}
