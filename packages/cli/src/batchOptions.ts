import { Option, type Command } from 'commander';
import { positiveInt } from './kit.js';

export interface BatchFlags {
  from?: string;
  format?: 'ndjson' | 'csv';
  concurrency: number;
  resume?: string;
}

/** `--from`, `--format`, `--concurrency`, `--resume`: the batch mode of `cases create` and `documents upload`. */
export function batchOptions(cmd: Command): Command {
  return cmd
    .option('--from <file>', 'batch mode: read rows from FILE, or - for stdin (NDJSON or CSV); one NDJSON result per row on stdout')
    .addOption(new Option('--format <format>', 'input format (detected from the first line when omitted)').choices(['ndjson', 'csv']))
    .option('--concurrency <n>', 'batch mode: rows in flight at once', positiveInt, 4)
    .option('--resume <file>', "batch mode: skip rows a previous run's NDJSON output marks ok");
}
