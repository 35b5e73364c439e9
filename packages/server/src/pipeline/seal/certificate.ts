import { X509Certificate, type KeyObject } from 'node:crypto';
import type { DocumentSignature } from '@vcase/shared';

/** What the CFDI's `Certificado` says about its issuer, as the API shows it. */
export type SealCertificate = NonNullable<DocumentSignature['certificate']>;

export interface ReadCertificate extends SealCertificate {
  publicKey: KeyObject;
  /** Length in bytes of a signature made with the key (the RSA modulus). */
  signatureBytes: number;
}

export const CERTIFICATE_PROBLEMS = {
  pem: 'El Certificado es texto PEM, no el X.509 DER en base64 que lleva un CFDI',
  base64: 'El Certificado no es base64 válido',
  undecodable: 'El Certificado no se pudo decodificar (truncado o no es un X.509 DER)',
  noRfc: 'El Certificado no es un CSD del SAT: su sujeto no tiene RFC',
  notRsa: 'El Certificado no tiene una llave RSA',
} as const;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Strict base64 (whitespace ignored): the bytes, or undefined when the text is not base64. */
export function strictBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!compact || compact.length % 4 !== 0 || !BASE64.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

const isPem = (text: string) => /-----BEGIN [A-Z0-9 ]+-----/.test(text);

/** SAT writes the certificate number as the serial's bytes, ASCII digits ("3030…" is "00…"). */
function certificateNumber(serialHex: string): string {
  const bytes = Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex');
  const text = bytes.toString('latin1');
  return /^[\x20-\x7e]+$/.test(text) ? text : serialHex.toUpperCase();
}

/**
 * The RFC of a CSD: the first word of the subject's x500UniqueIdentifier (OID 2.5.4.45),
 * written "RFC / RFC of the legal representative" for companies.
 */
function rfcOf(subject: string): string | undefined {
  const line = subject.split('\n').find((l) => l.startsWith('x500UniqueIdentifier='));
  const value = line?.slice('x500UniqueIdentifier='.length).replace(/\\(.)/g, '$1').trim();
  return value ? value.split(/\s+/)[0].toUpperCase() : undefined;
}

/**
 * Reads a CFDI's `Certificado` (base64 of an X.509 DER certificate) by SAT's conventions: its
 * number and RFC as above, its validity and RSA key. Answers a problem text when it cannot.
 * Node's X509Certificate (OpenSSL) reads it: @nodecfdi/credentials, which knows the same
 * conventions, parses in JavaScript at about three times the cost (docs/rules.md).
 */
export function readCertificado(text: string): ReadCertificate | { problem: string } {
  if (isPem(text)) return { problem: CERTIFICATE_PROBLEMS.pem };
  const der = strictBase64(text);
  if (!der) return { problem: CERTIFICATE_PROBLEMS.base64 };
  if (isPem(der.subarray(0, 64).toString('latin1'))) return { problem: CERTIFICATE_PROBLEMS.pem };
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch {
    return { problem: CERTIFICATE_PROBLEMS.undecodable };
  }
  const publicKey = x509.publicKey;
  if (publicKey.asymmetricKeyType !== 'rsa') return { problem: CERTIFICATE_PROBLEMS.notRsa };
  const rfc = rfcOf(x509.subject);
  if (!rfc) return { problem: CERTIFICATE_PROBLEMS.noRfc };
  return {
    number: certificateNumber(x509.serialNumber),
    rfc,
    valid_from: new Date(x509.validFrom).toISOString(),
    valid_to: new Date(x509.validTo).toISOString(),
    publicKey,
    signatureBytes: Math.ceil((publicKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8),
  };
}
