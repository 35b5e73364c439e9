import type { Command } from 'commander';
import type { App } from './kit.js';

export interface CommandModule {
  register(program: Command, app: App): void;
}

export interface CommandEntry {
  name: string;
  summary: string;
  hidden?: boolean;
  /** Loaded only when the command runs (or for help), so `vcase --version` stays fast. */
  load: () => Promise<CommandModule>;
}

/** Every top-level command, in help order. */
export const COMMANDS: CommandEntry[] = [
  {
    name: 'cases',
    summary: 'list, create (one or a batch), inspect, assign, process and delete cases',
    load: () => import('./commands/cases/index.js'),
  },
  {
    name: 'documents',
    summary: 'list, upload (one or a batch), classify, OCR and delete documents',
    load: () => import('./commands/documents/index.js'),
  },
  { name: 'report', summary: "a case's whole state on one page", load: () => import('./commands/report.js') },
  {
    name: 'plates',
    summary: 'plates found in the documents, with status and previous-plate lookups',
    load: () => import('./commands/plates.js'),
  },
  { name: 'chain', summary: 'plate chain (timeline) and ownership chain (tree)', load: () => import('./commands/chain/index.js') },
  { name: 'tickets', summary: 'infractions grouped by plate', load: () => import('./commands/tickets.js') },
  {
    name: 'taxes',
    summary: 'tenencia: the 5-year grid of the main plate, and the other plates',
    load: () => import('./commands/taxes.js'),
  },
  {
    name: 'invoices',
    summary: 'invoice checks (SAT CFDI, pedimento, AMDA, AMIS) as a matrix',
    load: () => import('./commands/invoices.js'),
  },
  { name: 'repuve', summary: 'REPUVE registry record', load: () => import('./commands/repuve.js') },
  { name: 'pedimento', summary: 'customs entry (pedimento) lookup', load: () => import('./commands/pedimento.js') },
  { name: 'rapi', summary: 'criminal-activity registry (RAPI) lookup', load: () => import('./commands/rapi.js') },
  { name: 'renapo', summary: 'CURP validation (RENAPO) lookup', load: () => import('./commands/renapo.js') },
  { name: 'bureau', summary: 'credit-bureau vehicle report', load: () => import('./commands/bureau.js') },
  { name: 'ine', summary: 'voter ID (INE) validation', load: () => import('./commands/ine/index.js') },
  {
    name: 'admin',
    summary: 'operator API: companies, users, tokens, API keys, webhooks, sandbox fixtures',
    load: () => import('./commands/admin/index.js'),
  },
  {
    name: 'login',
    summary: 'save credentials to a profile; --status shows what is in use',
    load: () => import('./commands/login/index.js'),
  },
  { name: 'completion', summary: 'shell completion script for bash, zsh or fish', load: () => import('./commands/completion.js') },
  {
    name: 'docs-reference',
    summary: 'print every command help as Markdown',
    hidden: true,
    load: () => import('./commands/docsReference.js'),
  },
];
