import type { Command } from 'commander';
import type { App } from '../kit.js';
import { register as registerOwnership } from './chainOwnership.js';
import { register as registerPlates } from './chainPlates.js';

/** `vcase chain`: the group of the two chain commands (each in its own file). */
export function register(program: Command, app: App): void {
  const chain = program.command('chain').description('plate chain (timeline) and ownership chain (tree)');
  registerPlates(chain, app);
  registerOwnership(chain, app);
}
