import 'reflect-metadata';
import { sign, webcrypto, type KeyObject, KeyObject as Keys } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { cadenaOriginal, parseElementTree } from '../../src/pipeline/seal/index.js';

// Node's webcrypto is the Web Crypto the library expects (typed by the DOM lib, absent here).
x509.cryptoProvider.set(webcrypto as never);

/** A CSD-like certificate and its RSA key, made the way SAT issues them (for tests only). */
export interface TestCsd {
  rfc: string;
  /** The 20-digit certificate number (NoCertificado). */
  number: string;
  /** The certificate as a CFDI carries it: base64 of the X.509 DER. */
  certificate: string;
  privateKey: KeyObject;
  validFrom: Date;
  validTo: Date;
}

export interface TestCsdOptions {
  rfc: string;
  validFrom?: Date;
  validTo?: Date;
  /** 20 digits; a fresh one by default. */
  number?: string;
  name?: string;
}

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
let issued = 0;

/**
 * Makes a CSD-like test certificate and RSA key: the RFC in the subject's x500UniqueIdentifier,
 * the serial the 20-digit number's ASCII bytes.
 */
export async function makeTestCsd(opts: TestCsdOptions): Promise<TestCsd> {
  const number = opts.number ?? `3000100000${String(Date.now() % 1e7).padStart(7, '0')}${String(issued++ % 1000).padStart(3, '0')}`;
  if (!/^\d{20}$/.test(number)) throw new Error(`a certificate number has 20 digits: ${number}`);
  const validFrom = opts.validFrom ?? new Date('2023-01-01T00:00:00Z');
  const validTo = opts.validTo ?? new Date('2031-01-01T00:00:00Z');
  const name = (opts.name ?? 'EMPRESA DE PRUEBA SA DE CV').replace(/[,+"\\<>;=]/g, ' ');
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from(number, 'ascii').toString('hex'),
    // SAT's CSD subject: name thrice, "RFC / representative's RFC", " / CURP", and the branch.
    subject: `CN=${name}, 2.5.4.41=${name}, O=${name}, 2.5.4.45=${opts.rfc} / XAXX010101000, 2.5.4.5= / XEXX010101HNEXXXA4, OU=Sucursal 1`,
    issuer: 'CN=AC DE PRUEBAS VCASE, O=VCASE PRUEBAS',
    notBefore: validFrom,
    notAfter: validTo,
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
  });
  return {
    rfc: opts.rfc,
    number,
    certificate: Buffer.from(cert.rawData).toString('base64'),
    privateKey: Keys.from(keys.privateKey),
    validFrom,
    validTo,
  };
}

const ROOT_TAG = /<([\w.-]+:)?Comprobante\b(?:[^>"']|"[^"]*"|'[^']*')*>/;

/** `tag` with attribute `name` set to `value` (replaced where present, else added). */
function withAttribute(tag: string, name: string, value: string): string {
  const present = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*')`);
  if (present.test(tag)) return tag.replace(present, `$1"${value}"`);
  return tag.replace(/\s*(\/?)>$/, ` ${name}="${value}"$1>`);
}

/**
 * Seals a CFDI XML with `csd`: fills NoCertificado and Certificado, computes Sello over the
 * cadena original (vcase's own rules), and the timbre's SelloCFD when there is one.
 */
export function signCfdi(xml: string, csd: TestCsd): string {
  const tag = ROOT_TAG.exec(xml)?.[0];
  if (!tag) throw new Error('signCfdi: no Comprobante element');
  // CFDI 3.2 writes these attributes in lower case and seals with SHA-1.
  const v32 = /\sversion\s*=\s*["']3\.2["']/.test(tag);
  const [noCertificado, certificado, selloName] = v32
    ? ['noCertificado', 'certificado', 'sello']
    : ['NoCertificado', 'Certificado', 'Sello'];
  const unsealed = xml.replace(tag, withAttribute(withAttribute(tag, noCertificado, csd.number), certificado, csd.certificate));
  const root = parseElementTree(unsealed);
  const built = root && cadenaOriginal(root);
  if (!built || !('cadena' in built)) throw new Error(`signCfdi: no cadena original (${built ? built.unknown : 'not a CFDI'})`);
  const sello = sign(v32 ? 'RSA-SHA1' : 'RSA-SHA256', Buffer.from(built.cadena, 'utf8'), csd.privateKey).toString('base64');
  const sealedTag = withAttribute(ROOT_TAG.exec(unsealed)![0], selloName, sello);
  return unsealed.replace(ROOT_TAG, sealedTag).replace(/(\s[Ss]elloCFD\s*=\s*)("[^"]*"|'[^']*')/, `$1"${sello}"`);
}
