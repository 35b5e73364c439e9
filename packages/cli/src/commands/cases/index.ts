import type { Command } from 'commander';
import type { App } from '../../kit.js';
import * as assign from './assign.js';
import * as create from './create.js';
import * as deleteCase from './delete.js';
import * as get from './get.js';
import * as list from './list.js';
import * as metadata from './metadata.js';
import * as names from './names.js';
import * as processCase from './process.js';
import * as status from './status.js';
import * as vins from './vins.js';

/** `vcase cases`: one subcommand per file, registered in help order. */
export function register(program: Command, app: App): void {
  const cases = program.command('cases').description('list, create, inspect, assign, process and delete cases');
  for (const sub of [list, get, create, deleteCase, assign, processCase, status, names, vins, metadata]) sub.register(cases, app);
}
