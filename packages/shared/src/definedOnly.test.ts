import { describe, expect, it } from 'vitest';
import { definedOnly } from './definedOnly.js';

describe('definedOnly', () => {
  it('drops undefined values and keeps every other, null and falsy ones included', () => {
    const out = definedOnly({ a: 1, b: undefined, c: null, d: 0, e: '', f: false });
    expect(out).toEqual({ a: 1, c: null, d: 0, e: '', f: false });
    expect('b' in out).toBe(false);
  });
});
