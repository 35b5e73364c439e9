import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/auth/tokens.js';

const SECRET = 'test-secret-0123456789abcdef0123456789';
const signer = createTokenSigner(SECRET);
const now = new Date('2026-06-01T12:00:00Z');
const inAnHour = new Date(now.getTime() + 3600_000);
const expiresAt = inAnHour; // whole seconds already, as `exp` keeps them

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const epoch = Math.floor(now.getTime() / 1000);

describe('access tokens', () => {
  it('round-trips the user, company, token id and issue time', async () => {
    const token = await signer.sign({ userId: 'u1', companyId: 'c1', tokenId: 't1' }, inAnHour, now);
    expect(await signer.verify(token, now)).toEqual({ userId: 'u1', companyId: 'c1', tokenId: 't1', expiresAt, issuedAt: now });
    const noCompany = await signer.sign({ userId: 'u2', companyId: null }, inAnHour, now);
    expect(await signer.verify(noCompany, now)).toEqual({ userId: 'u2', companyId: null, tokenId: null, expiresAt, issuedAt: now });
  });

  it('refuses a token id that is not a string', async () => {
    expect(await signer.verify(handMade({ alg: 'HS256' }, { sub: 'u1', iss: 'vcase', exp: epoch + 60, jti: 7 }), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS256' }, { sub: 'u1', iss: 'vcase', exp: epoch + 60, jti: '' }), now)).toBeNull();
  });

  it('is a standard HS256 JWT that other JWT libraries read', async () => {
    const token = await signer.sign({ userId: 'u1', companyId: 'c1', tokenId: 't1' }, inAnHour, now);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: 'u1',
      cid: 'c1',
      jti: 't1',
      iss: 'vcase',
      iat: epoch,
      exp: Math.floor(inAnHour.getTime() / 1000),
    });
    expect(await signer.verify(handMade(header, payload), now)).toEqual({
      userId: 'u1',
      companyId: 'c1',
      tokenId: 't1',
      expiresAt,
      issuedAt: now,
    });
  });

  it('expires at exp, not a second later', async () => {
    const token = await signer.sign({ userId: 'u1', companyId: 'c1' }, inAnHour);
    expect(await signer.verify(token, new Date(inAnHour.getTime() - 1000))).not.toBeNull();
    expect(await signer.verify(token, inAnHour)).toBeNull();
  });

  it.each([
    ['another secret', handMade({ alg: 'HS256' }, { sub: 'u1', iss: 'vcase', exp: epoch + 60 }, 'other-secret')],
    ['alg none', `${b64({ alg: 'none' })}.${b64({ sub: 'u1', iss: 'vcase', exp: epoch + 60 })}.`],
    ['another algorithm', handMade({ alg: 'HS512' }, { sub: 'u1', iss: 'vcase', exp: epoch + 60 })],
    ['another issuer', handMade({ alg: 'HS256' }, { sub: 'u1', iss: 'elsewhere', exp: epoch + 60 })],
    ['no expiry', handMade({ alg: 'HS256' }, { sub: 'u1', iss: 'vcase' })],
    ['not yet valid', handMade({ alg: 'HS256' }, { sub: 'u1', iss: 'vcase', exp: epoch + 60, nbf: epoch + 30 })],
    ['no subject', handMade({ alg: 'HS256' }, { iss: 'vcase', exp: epoch + 60 })],
    ['a payload that is not an object', handMade({ alg: 'HS256' }, ['u1'])],
    ['two segments', 'abc.def'],
    ['garbage', 'not a token at all'],
    ['bad base64', 'a$b.c$d.e$f'],
  ])('refuses a token with %s', async (_, token) => {
    expect(await signer.verify(token, now)).toBeNull();
  });

  it('refuses a payload changed after signing', async () => {
    const token = await signer.sign({ userId: 'u1', companyId: 'c1' }, inAnHour);
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ sub: 'u1', cid: 'other-company', iss: 'vcase', exp: epoch + 60 })}.${s}`;
    expect(await signer.verify(forged, now)).toBeNull();
  });
});
