/**
 * Whether `value` was made by `Class` or one of its subclasses, as the language's own class
 * check answers it (`Symbol.hasInstance`): the prototype chain, or the class's own rule where it
 * has one (zod's error classes recognise each other's errors).
 */
export function isA<T>(Class: abstract new (...args: never[]) => T, value: unknown): value is T {
  return (Class as unknown as { [Symbol.hasInstance](v: unknown): boolean })[Symbol.hasInstance](value) === true;
}
