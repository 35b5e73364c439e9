import { describe, expect, it } from 'vitest';
import { FastHeaders } from '../../src/node/fastHeaders.js';

describe('FastHeaders (the Node transport Headers)', () => {
  it('reads names in any case and keeps them lowercased', () => {
    const h = new FastHeaders({ 'Content-Type': 'application/json', 'X-Request-Id': 'r1' });
    expect(h.get('content-type')).toBe('application/json');
    expect(h.get('X-REQUEST-ID')).toBe('r1');
    expect(h.has('x-request-id')).toBe(true);
    expect(h.get('missing')).toBeNull();
    expect(h.record).toEqual({ 'content-type': 'application/json', 'x-request-id': 'r1' });
  });

  it('append joins repeated names, set replaces, delete removes', () => {
    const h = new FastHeaders();
    h.append('Vary', 'accept');
    h.append('vary', 'origin');
    expect(h.get('vary')).toBe('accept, origin');
    h.set('Vary', 'x');
    expect(h.get('vary')).toBe('x');
    h.delete('VARY');
    expect(h.has('vary')).toBe(false);
  });

  it('is built from a Headers, pairs or another FastHeaders, and iterates sorted like Headers', () => {
    const pairs: [string, string][] = [
      ['B', '2'],
      ['a', '1'],
    ];
    for (const init of [new Headers(pairs), pairs, new FastHeaders(pairs)]) {
      const h = new FastHeaders(init);
      expect([...h]).toEqual([
        ['a', '1'],
        ['b', '2'],
      ]);
      expect([...h.keys()]).toEqual(['a', 'b']);
      expect([...h.values()]).toEqual(['1', '2']);
      const seen: string[] = [];
      h.forEach((value, key) => seen.push(`${key}=${value}`));
      expect(seen).toEqual(['a=1', 'b=2']);
    }
    // The global Headers accepts it as init, as a caller of the node fetch may pass it on.
    expect(new Headers(new FastHeaders({ A: '1' })).get('a')).toBe('1');
  });

  it('keeps each set-cookie apart', () => {
    const h = new FastHeaders([
      ['Set-Cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    expect(h.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(h.get('set-cookie')).toBe('a=1, b=2');
  });
});
