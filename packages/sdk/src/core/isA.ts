/** Whether `value` was made by `Class` or one of its subclasses: its prototype chain, read directly. */
export function isA<T>(Class: abstract new (...args: never[]) => T, value: unknown): value is T {
  return typeof value === 'object' && value !== null && Class.prototype.isPrototypeOf(value);
}
