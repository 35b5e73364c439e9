import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { isA } from './isA.js';

describe('isA', () => {
  class Base {}
  class Child extends Base {}

  it('answers like the language: subclasses yes, other classes and primitives no', () => {
    expect(isA(Base, new Child())).toBe(true);
    expect(isA(Child, new Base())).toBe(false);
    expect(isA(Error, new TypeError('x'))).toBe(true);
    expect(isA(Uint8Array, Buffer.from('x'))).toBe(true);
    for (const value of [null, undefined, 'x', 1, {}]) expect(isA(Base, value)).toBe(false);
  });

  it('follows a class rule of its own: the classic zod error class takes the errors its core makes', () => {
    const result = z.string().safeParse(1);
    expect(result.success).toBe(false);
    expect(isA(z.ZodError, result.error)).toBe(true);
    expect(isA(z.core.$ZodError, result.error)).toBe(true);
    expect(isA(z.ZodError, new Error('x'))).toBe(false);
  });
});
