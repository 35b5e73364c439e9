/**
 * A `Headers` over a plain object, for createNodeFetch's requests and responses: Node's global
 * Headers lives in undici, which the node fetch never loads. Names are lowercased; node:http
 * checks names and values when it sends.
 */
export class FastHeaders implements Headers {
  /** Lowercased name → value, as node:http takes them. */
  readonly record: Record<string, string> = {};
  private readonly cookies: string[] = [];

  constructor(init?: ConstructorParameters<typeof Headers>[0]) {
    if (!init) return;
    if (init instanceof FastHeaders) Object.assign(this.record, init.record);
    else if (Symbol.iterator in init) for (const [name, value] of init as Iterable<[string, string]>) this.append(name, value);
    else for (const name of Object.keys(init)) this.append(name, (init as Record<string, string>)[name]!);
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const v = String(value);
    if (key === 'set-cookie') this.cookies.push(v);
    const previous = this.record[key];
    this.record[key] = previous === undefined ? v : `${previous}, ${v}`;
  }

  set(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === 'set-cookie') this.cookies.splice(0, this.cookies.length, String(value));
    this.record[key] = String(value);
  }

  get(name: string): string | null {
    return this.record[name.toLowerCase()] ?? null;
  }

  has(name: string): boolean {
    return this.record[name.toLowerCase()] !== undefined;
  }

  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === 'set-cookie') this.cookies.length = 0;
    delete this.record[key];
  }

  getSetCookie(): string[] {
    return [...this.cookies];
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [key, value] of this) callback.call(thisArg, value, key, this);
  }

  /** Sorted by name, as WHATWG Headers iterate. */
  *entries(): IterableIterator<[string, string]> {
    for (const key of Object.keys(this.record).sort()) yield [key, this.record[key]!];
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}
