import { verify } from 'node:crypto';
import type { DocumentSignature } from '@vcase/shared';
import { cadenaOriginal, cfdiVersionOf, isComprobante } from './cadena.js';
import { TIMBRE_NAMESPACE } from './complements.js';
import { readCertificado, strictBase64 } from './certificate.js';
import { select } from './rules.js';
import { parseElementTree, type XmlElement } from './xmlTree.js';

/** The issuer's seal of a CFDI, as extraction-data's `signature` shows it (docs/rules.md, "CFDI seal"). */
export type SealCheck = DocumentSignature;
export type SealStatus = SealCheck['status'];

export const SEAL_REASONS = {
  version: (v: string) => `Solo se verifica el sello de CFDI 3.3 y 4.0; este es versión ${v}`,
  unsigned: (missing: string) => `El CFDI no tiene ${missing}: es un borrador sin sellar`,
  sello: 'El Sello no es base64 válido',
  truncated: (bytes: number, expected: number) => `El Sello está truncado: ${bytes} bytes donde la llave del certificado firma ${expected}`,
  number: (declared: string, actual: string) => `El NoCertificado ${declared || '(vacío)'} no es el número del Certificado (${actual})`,
  rfc: (certificate: string, emisor: string) => `El Certificado es del RFC ${certificate}, no del emisor ${emisor || '(sin RFC)'}`,
  resealed: 'El SelloCFD del timbre no es el Sello del comprobante: se volvió a sellar después del timbrado',
  unknown: (element: string) => `No hay reglas de cadena original para ${element}: no se puede comprobar el sello sin adivinar`,
  mismatch: 'El Sello no corresponde a la cadena original: el XML cambió después de sellarse o se selló con otra llave',
} as const;

const attrOf = (node: XmlElement | undefined, name: string) => node?.attrs[name]?.trim() ?? '';

function check(root: XmlElement): SealCheck {
  const version = cfdiVersionOf(root);
  if (!version) return { status: 'unverifiable', reason: SEAL_REASONS.version(root.attrs.Version ?? root.attrs.version ?? '?'), certificate: null };
  const sello = attrOf(root, 'Sello');
  const certificado = attrOf(root, 'Certificado');
  const missing = [!sello && 'Sello', !certificado && 'Certificado'].filter(Boolean).join(' ni ');
  if (missing) return { status: 'unverifiable', reason: SEAL_REASONS.unsigned(missing), certificate: null };

  const read = readCertificado(certificado);
  if ('problem' in read) return { status: 'invalid', reason: read.problem, certificate: null };
  const { publicKey, signatureBytes, ...certificate } = read;
  const invalid = (reason: string): SealCheck => ({ status: 'invalid', reason, certificate });

  const signature = strictBase64(sello);
  if (!signature) return invalid(SEAL_REASONS.sello);
  if (signature.length !== signatureBytes) return invalid(SEAL_REASONS.truncated(signature.length, signatureBytes));
  const declared = attrOf(root, 'NoCertificado');
  if (declared !== certificate.number) return invalid(SEAL_REASONS.number(declared, certificate.number));
  const emisor = attrOf(select(root, 'Emisor', root.ns)[0], 'Rfc').toUpperCase();
  if (emisor !== certificate.rfc) return invalid(SEAL_REASONS.rfc(certificate.rfc, emisor));
  const timbre = select(root, 'Complemento', root.ns).flatMap((c) => select(c, '*', root.ns)).find((n) => n.ns === TIMBRE_NAMESPACE);
  if (timbre?.attrs.SelloCFD !== undefined && timbre.attrs.SelloCFD.trim() !== sello) return invalid(SEAL_REASONS.resealed);

  const built = cadenaOriginal(root);
  if ('unknown' in built) return { status: 'unverifiable', reason: SEAL_REASONS.unknown(built.unknown), certificate };
  const ok = verify('RSA-SHA256', Buffer.from(built.cadena, 'utf8'), publicKey, signature);
  return ok ? { status: 'valid', reason: null, certificate } : invalid(SEAL_REASONS.mismatch);
}

/**
 * Checks the issuer's seal of a CFDI XML offline: the certificate it carries is a readable
 * CSD, its number is `NoCertificado` and its RFC the Emisor's, and `Sello` is its RSA-SHA256
 * signature of the cadena original. Null when the XML is not a CFDI `Comprobante`. `xml` is
 * the decoded text (an ISO-8859-1 file read as such): the cadena is signed as UTF-8.
 */
export function verifyCfdiSeal(xml: string): SealCheck | null {
  let root: XmlElement | undefined;
  try {
    root = parseElementTree(xml);
  } catch {
    return null;
  }
  return root && isComprobante(root) ? check(root) : null;
}
