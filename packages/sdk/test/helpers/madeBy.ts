/** A predicate for `toSatisfy`: the value was made by `Class` or one of its subclasses. */
export function madeBy<T>(Class: abstract new (...args: never[]) => T): (value: unknown) => boolean {
  const made = (value: unknown) => value instanceof Class;
  Object.defineProperty(made, 'name', { value: `madeBy(${Class.name})` });
  return made;
}
