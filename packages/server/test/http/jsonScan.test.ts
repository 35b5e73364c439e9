import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@vcase/shared';
import { scanJsonText } from '../../src/http/jsonScan.js';

describe('scanJsonText (before JSON.parse)', () => {
  it.each([
    ['separators inside strings, escaped quotes and backslashes included', '{"a":"x:y,z \\" , : [ {","b":"\\\\","c":"\\\\\\""}', 5, null],
    ['a flat object of n keys has 2n - 1 separators', JSON.stringify({ a: 1, b: 2, c: 3 }), 4, 'entries'],
    ['the same object within the bound', JSON.stringify({ a: 1, b: 2, c: 3 }), 5, null],
    ['arrays count their commas', JSON.stringify([1, 2, 3, 4]), 2, 'entries'],
    ['nesting at the limit', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, 10, null],
    ['nesting one past it', `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, 10, 'depth'],
    ['brackets inside strings do not nest', `["${'['.repeat(500)}"]`, 10, null],
    ['an unterminated string ends the scan (JSON.parse answers it)', '{"a":"open, : , :', 1, null],
  ] as const)('%s', (_what, text, max, expected) => {
    expect(scanJsonText(text, max)).toBe(expected);
  });
});
