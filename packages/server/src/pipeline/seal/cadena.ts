import { CFDI32 } from './cfdi32.js';
import { CFDI33 } from './cfdi33.js';
import { CFDI40 } from './cfdi40.js';
import { COMPLEMENTS, TIMBRE_NAMESPACE } from './complements.js';
import { CadenaWriter, UnknownElementError, type Vocabulary } from './rules.js';
import type { XmlElement } from './xmlTree.js';

export type CfdiVersion = '3.2' | '3.3' | '4.0';

const CORE: Record<CfdiVersion, Vocabulary> = { '3.2': CFDI32, '3.3': CFDI33, '4.0': CFDI40 };

const SKIP = new Set([TIMBRE_NAMESPACE]);

const vocabularies = (version: CfdiVersion) => [CORE[version], ...COMPLEMENTS.filter((c) => !c.versions || c.versions.includes(version))];

/** Whether a root element is a CFDI `Comprobante` (namespace cfd/3, shared by 3.2 and 3.3, or cfd/4). */
export const isComprobante = (root: XmlElement) => root.name === 'Comprobante' && Object.values(CORE).some((c) => c.ns === root.ns);

/** The version a `Comprobante` declares (`version` in 3.2, `Version` since 3.3). */
export const declaredVersion = (root: XmlElement) => root.attrs.Version ?? root.attrs.version;

/** The version of a CFDI 3.2, 3.3 or 4.0 `Comprobante` (its namespace and version agree), else undefined. */
export function cfdiVersionOf(root: XmlElement): CfdiVersion | undefined {
  return (Object.keys(CORE) as CfdiVersion[]).find(
    (v) => root.name === 'Comprobante' && CORE[v].ns === root.ns && declaredVersion(root) === v,
  );
}

export type CadenaResult =
  | { cadena: string }
  /** An element the rules do not cover (an unknown complement), as `{namespace}Name`. */
  | { unknown: string };

/**
 * The cadena original the issuer signed: `||` + the values in the order of SAT's published
 * transformation, each whitespace-normalised and after a `|`, + `||`. The SAT timbre and the
 * Addenda are not part of it (docs/rules.md, "CFDI seal").
 */
export function cadenaOriginal(root: XmlElement): CadenaResult {
  const version = cfdiVersionOf(root);
  if (!version) return { unknown: `{${root.ns}}${root.name}` };
  const writer = new CadenaWriter(vocabularies(version), SKIP);
  try {
    writer.apply(root);
  } catch (err) {
    if (err instanceof UnknownElementError) return { unknown: `{${err.element.ns}}${err.element.name}` };
    throw err;
  }
  return { cadena: `|${writer.text()}||` };
}
