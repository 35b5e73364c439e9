import { describe, expect, it } from 'vitest';
import {
  Vcase,
  VcaseError,
  WebhookHeaderError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
  Webhooks,
  webhooks,
} from '../src/index.js';

// The example of the Standard Webhooks specification.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const OTHER_SECRET = 'whsec_c2VjcmV0LW9mLWFub3RoZXItcmVjZWl2ZXItMzI=';

const at = (seconds: number) => new Webhooks(() => seconds * 1000);
const verifier = at(TIMESTAMP);
const headers = (signature = SIGNATURE, timestamp = String(TIMESTAMP)) => ({
  'webhook-id': ID,
  'webhook-timestamp': timestamp,
  'webhook-signature': signature,
});

describe('webhooks.verify', () => {
  it('accepts the specification example, from a string, bytes, fetch Headers or Node headers in any case', () => {
    const verified = { id: ID, timestamp: new Date(TIMESTAMP * 1000) };
    expect(verifier.verify(BODY, headers(), SECRET)).toEqual(verified);
    expect(verifier.verify(Buffer.from(BODY), headers(), SECRET)).toEqual(verified);
    expect(verifier.verify(new TextEncoder().encode(BODY), new Headers(headers()), SECRET)).toEqual(verified);
    expect(
      verifier.verify(BODY, { 'Webhook-Id': ID, 'WEBHOOK-TIMESTAMP': String(TIMESTAMP), 'webhook-signature': [SIGNATURE] }, SECRET),
    ).toEqual(verified);
  });

  it('finds the matching signature among several, and takes several secrets (a rotation that overlaps)', () => {
    const other = verifier.sign(ID, new Date(TIMESTAMP * 1000), BODY, OTHER_SECRET);
    expect(verifier.verify(BODY, headers(`${other} ${SIGNATURE}`), SECRET).id).toBe(ID);
    expect(verifier.verify(BODY, headers(`v2,ignored ${other}`), [SECRET, OTHER_SECRET]).id).toBe(ID);
    expect(verifier.sign(ID, new Date(TIMESTAMP * 1000), BODY, SECRET)).toBe(SIGNATURE);
  });

  it.each([
    ['a changed body', BODY.replace('2432232314', '2432232315'), headers()],
    ['another secret’s signature', BODY, headers(at(TIMESTAMP).sign(ID, new Date(TIMESTAMP * 1000), BODY, OTHER_SECRET))],
    ['a signature for another id', BODY, { ...headers(), 'webhook-id': 'msg_other' }],
    ['a truncated signature', BODY, headers(SIGNATURE.slice(0, -4))],
    ['another version', BODY, headers(SIGNATURE.replace('v1,', 'v2,'))],
    ['no value', BODY, headers('v1,')],
  ])('refuses %s with WebhookSignatureError', (_name, body, h) => {
    const error = catchError(() => verifier.verify(body, h, SECRET));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toBeInstanceOf(VcaseError);
    expect(error).toMatchObject({ reason: 'no_matching_signature', name: 'WebhookSignatureError' });
  });

  it('refuses timestamps outside the tolerance (5 minutes by default, either way) and ones that are not seconds', () => {
    expect(at(TIMESTAMP + 300).verify(BODY, headers(), SECRET).id).toBe(ID);
    expect(at(TIMESTAMP - 300).verify(BODY, headers(), SECRET).id).toBe(ID);
    expect(catchError(() => at(TIMESTAMP + 301).verify(BODY, headers(), SECRET))).toMatchObject({ reason: 'timestamp_too_old' });
    expect(catchError(() => at(TIMESTAMP - 301).verify(BODY, headers(), SECRET))).toMatchObject({ reason: 'timestamp_too_new' });
    expect(at(TIMESTAMP + 3600).verify(BODY, headers(), SECRET, { toleranceSeconds: 3600 }).id).toBe(ID);
    for (const stamp of ['1614265330.5', 'soon', '-1614265330', '']) {
      const error = catchError(() => verifier.verify(BODY, headers(SIGNATURE, stamp), SECRET));
      expect(error, stamp).toBeInstanceOf(stamp === '' ? WebhookHeaderError : WebhookTimestampError);
    }
    // The timestamp is signed: moving it breaks the signature.
    expect(catchError(() => at(TIMESTAMP + 1).verify(BODY, headers(SIGNATURE, String(TIMESTAMP + 1)), SECRET))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('refuses a delivery without its headers; a bad secret or a parsed body is the caller’s mistake, said plainly', () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const h: Record<string, string> = headers();
      delete h[name];
      expect(
        catchError(() => verifier.verify(BODY, h, SECRET)),
        name,
      ).toMatchObject({ reason: 'missing_header', name: 'WebhookHeaderError' });
    }
    const badSecret = catchError(() => verifier.verify(BODY, headers(), 'whsec_'));
    expect(badSecret).toBeInstanceOf(VcaseError);
    expect(badSecret).not.toBeInstanceOf(WebhookVerificationError);
    const parsed = catchError(() => verifier.verify(JSON.parse(BODY) as never, headers(), SECRET));
    expect(parsed).not.toBeInstanceOf(WebhookVerificationError);
    expect((parsed as Error).message).toContain('raw body');
  });
});

describe('webhooks.unwrap', () => {
  it('answers the verified body parsed; a body that is not JSON is refused', () => {
    expect(verifier.unwrap<{ test: number }>(BODY, headers(), SECRET)).toEqual({ test: 2432232314 });
    const notJson = 'not json';
    const signature = verifier.sign(ID, new Date(TIMESTAMP * 1000), notJson, SECRET);
    expect(catchError(() => verifier.unwrap(notJson, headers(signature), SECRET))).toMatchObject({ reason: 'invalid_json' });
    expect(catchError(() => verifier.unwrap(BODY, headers(SIGNATURE.replace('g0', 'G0')), SECRET))).toBeInstanceOf(WebhookSignatureError);
  });

  it('is on the client (with its clock) and exported without one', () => {
    const vcase = new Vcase({ baseURL: 'http://127.0.0.1:1', now: () => TIMESTAMP * 1000 });
    expect(vcase.webhooks.unwrap(BODY, headers(), SECRET)).toEqual({ test: 2432232314 });
    // The system clock is years past the example.
    expect(catchError(() => webhooks.verify(BODY, headers(), SECRET))).toBeInstanceOf(WebhookTimestampError);
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
