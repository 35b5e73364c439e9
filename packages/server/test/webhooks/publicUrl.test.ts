import { describe, expect, it } from 'vitest';
import { isA } from '@vcase/shared';
import { isPublicAddress } from '../../src/net/addressPolicy.js';
import { NOT_PUBLIC } from '../helpers/addresses.js';
import { assertPublicUrl, UnsafeUrlError } from '../../src/net/publicUrl.js';

describe('isPublicAddress', () => {
  it.each(NOT_PUBLIC)('refuses %s: %s', (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['8.8.8.8'],
    ['93.184.216.34'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['2606:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:0808:0808::1'],
  ])('accepts the global unicast %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicUrl', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address }));

  it('accepts an http(s) URL whose host resolves to public addresses', async () => {
    const url = await assertPublicUrl('https://hooks.example.com/x?y=1', {
      allowPrivate: false,
      lookup: resolvesTo('93.184.216.34'),
    });
    expect(url.hostname).toBe('hooks.example.com');
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://[::1]/hook',
    'http://2130706433/', // 127.0.0.1 written as a number
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0:3000/',
  ])('refuses the private literal %s', async (url) => {
    await expect(assertPublicUrl(url, { allowPrivate: false })).rejects.toSatisfy((e: unknown) => isA(UnsafeUrlError, e));
  });

  it('refuses a name that resolves to any private address', async () => {
    await expect(
      assertPublicUrl('http://internal.example/', { allowPrivate: false, lookup: resolvesTo('93.184.216.34', '10.0.0.5') }),
    ).rejects.toThrow(/dirección que no es pública \(privada, de loopback o de uso especial\): 10\.0\.0\.5/);
  });

  it('refuses localhost through the real resolver', async () => {
    await expect(assertPublicUrl('http://localhost:9/', { allowPrivate: false })).rejects.toSatisfy((e: unknown) => isA(UnsafeUrlError, e));
  });

  it('refuses a host that does not resolve', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    await expect(assertPublicUrl('http://nowhere.invalid/', { allowPrivate: false, lookup })).rejects.toThrow(/no se puede resolver/);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'gopher://example.com', 'not a url'])(
    'refuses %s whatever allowPrivate says',
    async (url) => {
      await expect(assertPublicUrl(url, { allowPrivate: true })).rejects.toSatisfy((e: unknown) => isA(UnsafeUrlError, e));
    },
  );

  it('allows private hosts when the operator says so', async () => {
    const url = await assertPublicUrl('http://127.0.0.1:4000/hook', { allowPrivate: true });
    expect(url.port).toBe('4000');
  });
});
