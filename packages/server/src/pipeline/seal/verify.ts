import { verify } from 'node:crypto';
import type { DocumentSignature } from '@vcase/shared';
import { cadenaOriginal, cfdiVersionOf, declaredVersion, isComprobante, type CfdiVersion } from './cadena.js';
import { TIMBRE_NAMESPACE } from './complements.js';
import { readCertificado, strictBase64 } from './certificate.js';
import { select } from './rules.js';
import { parseElementTree, type XmlElement } from './xmlTree.js';

/** The issuer's seal of a CFDI, as extraction-data's `signature` shows it (docs/rules.md, "CFDI seal"). */
export type SealCheck = DocumentSignature;
export type SealStatus = SealCheck['status'];

export const SEAL_REASONS = {
  version: (v: string) => `Solo se verifica el sello de CFDI 3.2, 3.3 y 4.0; este es versión ${v}`,
  unsigned: (missing: string) => `El CFDI no tiene ${missing}: es un borrador sin sellar`,
  sello: 'El Sello no es base64 válido',
  truncated: (bytes: number, expected: number) =>
    `El Sello está truncado: ${bytes} bytes ` + `donde la llave del certificado firma ${expected}`,
  number: (declared: string, actual: string) => `El NoCertificado ${declared || '(vacío)'} no es el número del Certificado (${actual})`,
  rfc: (certificate: string, emisor: string) => `El Certificado es del RFC ${certificate}, no del emisor ${emisor || '(sin RFC)'}`,
  resealed: 'El SelloCFD del timbre no es el Sello del comprobante: se volvió a sellar después del timbrado',
  unknown: (element: string) => `No hay reglas de cadena original para ${element}: no se puede comprobar el sello sin adivinar`,
  mismatch: 'El Sello no corresponde a la cadena original: el XML cambió después de sellarse o se selló con otra llave',
} as const;

const attrOf = (node: XmlElement | undefined, name: string) => node?.attrs[name]?.trim() ?? '';

const SINCE_33 = { sello: 'Sello', certificado: 'Certificado', noCertificado: 'NoCertificado', rfc: 'Rfc', algorithms: ['RSA-SHA256'] };

/**
 * How each version names the seal's attributes, and the digest it signs with. 3.2 signs with
 * SHA-1; a 3.2 signed with SHA-256 (as issuers moving to 3.3 did) is the issuer's seal too.
 */
const PROFILES: Record<CfdiVersion, typeof SINCE_33> = {
  '3.2': { sello: 'sello', certificado: 'certificado', noCertificado: 'noCertificado', rfc: 'rfc', algorithms: ['RSA-SHA1', 'RSA-SHA256'] },
  '3.3': SINCE_33,
  '4.0': SINCE_33,
};

function check(root: XmlElement): SealCheck {
  const version = cfdiVersionOf(root);
  if (!version) return { status: 'unverifiable', reason: SEAL_REASONS.version(declaredVersion(root) ?? '?'), certificate: null };
  const names = PROFILES[version];
  const sello = attrOf(root, names.sello);
  const certificado = attrOf(root, names.certificado);
  const missing = [!sello && 'Sello', !certificado && 'Certificado'].filter(Boolean).join(' ni ');
  if (missing) return { status: 'unverifiable', reason: SEAL_REASONS.unsigned(missing), certificate: null };

  const read = readCertificado(certificado);
  if ('problem' in read) return { status: 'invalid', reason: read.problem, certificate: null };
  const { publicKey, signatureBytes, ...certificate } = read;
  const invalid = (reason: string): SealCheck => ({ status: 'invalid', reason, certificate });

  const signature = strictBase64(sello);
  if (!signature) return invalid(SEAL_REASONS.sello);
  if (signature.length !== signatureBytes) return invalid(SEAL_REASONS.truncated(signature.length, signatureBytes));
  const declared = attrOf(root, names.noCertificado);
  if (declared !== certificate.number) return invalid(SEAL_REASONS.number(declared, certificate.number));
  const emisor = attrOf(select(root, 'Emisor', root.ns)[0], names.rfc).toUpperCase();
  if (emisor !== certificate.rfc) return invalid(SEAL_REASONS.rfc(certificate.rfc, emisor));
  const timbre = select(root, 'Complemento', root.ns)
    .flatMap((c) => select(c, '*', root.ns))
    .find((n) => n.ns === TIMBRE_NAMESPACE);
  // The timbre names it SelloCFD since its version 1.1, selloCFD before.
  const selloCfd = timbre && (timbre.attrs.SelloCFD ?? timbre.attrs.selloCFD);
  const compact = (text: string) => text.replace(/\s+/g, '');
  if (selloCfd !== undefined && compact(selloCfd) !== compact(sello)) return invalid(SEAL_REASONS.resealed);

  const built = cadenaOriginal(root);
  if ('unknown' in built) return { status: 'unverifiable', reason: SEAL_REASONS.unknown(built.unknown), certificate };
  const signed = Buffer.from(built.cadena, 'utf8');
  const ok = names.algorithms.some((algorithm) => verify(algorithm, signed, publicKey, signature));
  return ok ? { status: 'valid', reason: null, certificate } : invalid(SEAL_REASONS.mismatch);
}

/**
 * Checks the issuer's seal of a CFDI XML offline: the certificate it carries is a readable
 * CSD, its number is `NoCertificado` and its RFC the Emisor's, and `Sello` is its RSA-SHA256
 * (3.2: RSA-SHA1) signature of the cadena original. Null when the XML is not a CFDI `Comprobante`. `xml` is
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
