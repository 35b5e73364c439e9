import { describe, expect, it } from 'vitest';
import { fold, str } from './text.js';

describe('str: the text of a value read from a document or a source', () => {
  it.each<[string, unknown, string | null]>([
    ['a string, trimmed', '  ABC 123 \n', 'ABC 123'],
    ['inner spaces kept', 'JUAN  PEREZ', 'JUAN  PEREZ'],
    ['a blank string is none', ' \t\n', null],
    ['a number as text (a year, an amount)', 2024, '2024'],
    ['zero is a value', 0, '0'],
    ['null', null, null],
    ['undefined', undefined, null],
    ['a boolean', true, null],
    ['an object', { a: 1 }, null],
    ['a list', ['A'], null],
  ])('%s', (_name, value, expected) => {
    expect(str(value)).toBe(expected);
  });
});

describe('fold: uppercase without accents, as long as the input', () => {
  it.each<[string, string, string]>([
    ['accents go, Ñ stays', 'Expedición año', 'EXPEDICION AÑO'],
    ['a decomposed accent leaves a space in its place', 'Expedicio\u0301n', 'EXPEDICIO N'],
    ['a letter that uppercases to two keeps one', 'straße', 'STRASE'],
  ])('%s', (_name, text, expected) => {
    expect(fold(text)).toBe(expected);
    expect(fold(text)).toHaveLength(text.length);
  });
});
