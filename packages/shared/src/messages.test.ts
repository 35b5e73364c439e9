import { describe, expect, it } from 'vitest';
import { needs } from '../../../vitest.needs.ts';
import { SPEC_NOTE, specDocument } from '../test/specDocuments.js';
import * as messages from './messages.js';

const contract = specDocument('spec/service-contract.md') ?? '';

/** Every string value exported by messages.ts, with the name it is reachable under. */
function exportedTexts(): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(messages)) {
    if (typeof value === 'string') out.push([name, value]);
    else for (const [key, text] of Object.entries(value)) out.push([`${name}.${key}`, text as string]);
  }
  return out;
}

/** Backquoted sentences of the contract that are display text, not paths, headers or placeholders. */
function contractSentences(): string[] {
  const quoted = [...contract.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return [
    ...new Set(
      quoted.filter((q) => q.includes(' ') && !q.includes(':') && !/^(GET|POST|PUT|PATCH|DELETE)\b/.test(q) && !q.startsWith('{')),
    ),
  ];
}

describe('message constants against the contract', needs(contract, SPEC_NOTE), () => {
  it.each(exportedTexts())('%s appears verbatim (backquoted) in the contract', (_name, text) => {
    expect(contract).toContain('`' + text + '`');
  });

  it('covers every backquoted Spanish sentence of the contract', () => {
    const texts = new Set(exportedTexts().map(([, t]) => t));
    const sentences = contractSentences();
    expect(sentences.length).toBeGreaterThan(20);
    expect(sentences.filter((s) => !texts.has(s))).toEqual([]);
  });
});

describe('message constants', () => {
  it('keeps the contract texts that read "the service" untouched', () => {
    expect(messages.EMPTY_PLATES_MESSAGES.NO_PLATES).toBe('No se encontraron the service registradas');
    expect(messages.CHAIN_MESSAGES.PLATE_CHAIN_GENERATING).toBe(
      'La generación de la cadena de the service se está ejecutando en background.',
    );
  });

  it('shares the empty-plates texts between tickets and tenencia', () => {
    expect(messages.TICKET_MESSAGES.NO_PLATES).toBe(messages.TAX_MESSAGES.NO_PLATES);
    expect(messages.TICKET_MESSAGES.PLATES_NOT_FOR_CASE_VIN).toBe(messages.TAX_MESSAGES.PLATES_NOT_FOR_CASE_VIN);
  });

  it('tells the two "never ran" texts of tickets and tenencia apart (one ends with a period)', () => {
    expect(messages.TICKET_MESSAGES.NO_LOOKUP_YET.endsWith('.')).toBe(false);
    expect(messages.TAX_MESSAGES.NO_LOOKUP_YET.endsWith('.')).toBe(true);
  });

  it('uses the contract fallback for an assigned user without name or e-mail', () => {
    expect(messages.ASSIGNMENT_USER_FALLBACK).toBe('un usuario');
  });
});
