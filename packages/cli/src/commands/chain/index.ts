import type { Command } from 'commander';
import type { App } from '../../kit.js';
import * as ownership from './ownership.js';
import * as plates from './plates.js';

/** `vcase chain`: the plate chain and the ownership chain. */
export function register(program: Command, app: App): void {
  const chain = program.command('chain').description('plate chain (timeline) and ownership chain (tree)');
  plates.register(chain, app);
  ownership.register(chain, app);
}
