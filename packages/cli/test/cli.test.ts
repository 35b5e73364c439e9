import { describe } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { runTable, type RunCase } from './helpers/tables.js';

const C = f.CASE_ID;

/** The program itself: version, help, and what it says of a command line it cannot parse. */
const runs: RunCase[] = [
  { name: 'version', args: ['--version'], code: EXIT.OK, stdout: [/^\d+\.\d+\.\d+\n$/], calls: [] },
  { name: 'no arguments: help on stdout, as gh does', args: [], code: EXIT.OK, stdout: ['Usage: vcase', 'Exit codes:'], calls: [] },
  {
    name: 'help lists commands, credentials order and exit codes',
    args: ['--help'],
    code: EXIT.OK,
    stdout: ['report', 'chain', 'VCASE_BASE_URL', '5    a watched lookup ended in error or timed out'],
    notStdout: ['docs-reference'],
  },
  { name: 'unknown command', args: ['platez'], code: EXIT.USAGE, stderr: [/unknown command 'platez'/, /Did you mean plates\?/] },
  { name: 'unknown option', args: ['plates', C, '--bogus'], code: EXIT.USAGE, stderr: ["unknown option '--bogus'"], calls: [] },
  { name: 'a group without its subcommand', args: ['cases'], code: EXIT.USAGE, stderr: ['Usage: vcase cases'] },
  {
    name: 'help names a subcommand',
    args: ['help', 'cases', 'create'],
    code: EXIT.OK,
    stdout: ['Usage: vcase cases create', '--from'],
    calls: [],
  },
  {
    name: 'help of a command that does not exist',
    args: ['help', 'nosuch'],
    code: EXIT.USAGE,
    stderr: ["unknown command 'nosuch'", 'vcase --help lists the commands'],
    calls: [],
  },
  { name: 'help names a group', args: ['help', 'cases'], code: EXIT.OK, stdout: ['Usage: vcase cases', 'create'], calls: [] },
  {
    name: 'help of a subcommand after a global option',
    args: ['--profile', 'help', 'help', 'documents', 'upload'],
    code: EXIT.OK,
    stdout: ['Usage: vcase documents upload'],
    calls: [],
  },
];

describe('vcase (args → exit code, output, requests)', () => {
  runTable(runs);
});
