import { DIGITS, type Rng } from '../random.js';

const HEX = '0123456789abcdef';

/** A version-4 UUID, uppercase (the form the timbre and the vocabulary use). */
export function makeUuid(rng: Rng): string {
  const h = (n: number) => rng.chars(HEX, n);
  return `${h(8)}-${h(4)}-4${h(3)}-${rng.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`.toUpperCase();
}

/** A seal: the base64 of a 2048-bit RSA signature (256 bytes → 344 characters). */
export function makeSeal(rng: Rng): string {
  return rng.bytes(256).toString('base64');
}

/** A certificate number (NoCertificado, NoCertificadoSAT): 20 digits, `0000100000…` as SAT issues them. */
export function makeCertificateNumber(rng: Rng): string {
  return `0000100000${rng.int(3, 7)}${rng.chars(DIGITS, 9)}`;
}

/** A DER certificate's base64 (`MII…`): an X.509 SEQUENCE header and body bytes. */
export function makeCertificate(rng: Rng): string {
  const bodyLength = rng.int(1180, 1500);
  const header = Buffer.from([0x30, 0x82, bodyLength >> 8, bodyLength & 0xff, 0x30, 0x82]);
  return Buffer.concat([header, rng.bytes(bodyLength - 2)]).toString('base64');
}
