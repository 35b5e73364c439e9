import type { Readable, Writable } from 'node:stream';
import type { Prompter } from './context.js';

/** Prompts on the terminal with @inquirer/prompts, loaded only when a question is asked. */
export function inquirerPrompter(io: { input: () => Readable; output: () => Writable; signal: AbortSignal }): Prompter {
  const context = () => ({ input: io.input(), output: io.output(), signal: io.signal, clearPromptOnDone: false });
  const prompts = () => import('@inquirer/prompts');
  return {
    async search(message, source) {
      const { search } = await prompts();
      return search({ message, source: (term, { signal }) => source(term, signal), pageSize: 12 }, context());
    },
    async select(message, choices) {
      const { select } = await prompts();
      return select({ message, choices }, context());
    },
    async confirm(message, defaultValue = false) {
      const { confirm } = await prompts();
      return confirm({ message, default: defaultValue }, context());
    },
    async input(message, options = {}) {
      const { input } = await prompts();
      return input({ message, default: options.default, required: options.required }, context());
    },
    async password(message) {
      const { password } = await prompts();
      return password({ message, mask: '•' }, context());
    },
  };
}
