import type { Command } from 'commander';
import type { App } from '../../kit.js';
import * as get from './get.js';
import * as submit from './submit.js';

/** `vcase ine`: voter ID validation. */
export function register(program: Command, app: App): void {
  const ine = program.command('ine').description('voter ID (INE) validation');
  submit.register(ine, app);
  get.register(ine, app);
}
