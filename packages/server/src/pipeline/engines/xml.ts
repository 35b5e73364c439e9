import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Navigation over fast-xml-parser output by local name, whatever the namespace prefix. */

export type XmlNode = Record<string, unknown>;

const ATTR = '@_';

/** Parses XML; throws when it is not well-formed. */
export function parseXml(xml: string): XmlNode {
  const check = XMLValidator.validate(xml);
  if (check !== true) throw new Error(`malformed XML: ${check.err.msg} (line ${check.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    removeNSPrefix: false,
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: true,
    // Built-in entities (`&amp;` in company names); fast-xml-parser never fetches external ones.
    processEntities: true,
    htmlEntities: false,
  });
  return parser.parse(xml) as XmlNode;
}

/**
 * Decodes XML bytes, honouring a Latin-1 / Windows-1252 declaration, a UTF-8 BOM and a UTF-16
 * one. Blank lines or spaces before the declaration (a file written from a template) are
 * dropped: the parser only accepts a declaration at the very start.
 */
export function decodeXml(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  if (utf16)
    return new TextDecoder(utf16)
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trimStart();
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const enc = /encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  const label = enc && /^(iso-8859-1|latin1|windows-1252|cp1252)$/.test(enc) ? 'windows-1252' : 'utf-8';
  return new TextDecoder(label)
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
}

export const localName = (key: string) => key.slice(key.indexOf(':') + 1);
export const prefixOf = (key: string) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : '');

function asNodes(v: unknown): XmlNode[] {
  if (Array.isArray(v)) return v.filter((x): x is XmlNode => !!x && typeof x === 'object');
  return v && typeof v === 'object' ? [v as XmlNode] : [];
}

/** Child elements named `name` (local name, case-insensitive). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  const want = name.toLowerCase();
  const out: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith(ATTR) || key === '#text') continue;
    if (localName(key).toLowerCase() === want) out.push(...asNodes(value));
  }
  return out;
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** Every descendant element named `name`, depth first. */
export function descendants(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  const want = name.toLowerCase();
  const out: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith(ATTR) || key === '#text') continue;
    for (const n of asNodes(value)) {
      if (localName(key).toLowerCase() === want) out.push(n);
      out.push(...descendants(n, name));
    }
  }
  return out;
}

/** An attribute by name (case-insensitive; the CFDI capitalizes, complements often do not). */
export function attr(node: XmlNode | undefined, ...names: string[]): string | undefined {
  if (!node) return undefined;
  for (const name of names) {
    const want = `${ATTR}${name}`.toLowerCase();
    for (const [key, value] of Object.entries(node)) {
      if (key.toLowerCase() === want && typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return undefined;
}

/** The document's root element: its key and node (the XML declaration skipped). */
export function rootOf(doc: XmlNode): { key: string; node: XmlNode } | undefined {
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('?') || key.startsWith(ATTR) || key === '#text') continue;
    const node = asNodes(value)[0];
    if (node) return { key, node };
  }
  return undefined;
}

/** Namespace URI of the root element (from its own `xmlns` / `xmlns:prefix`). */
export function rootNamespace(doc: XmlNode): string | undefined {
  const root = rootOf(doc);
  if (!root) return undefined;
  const prefix = prefixOf(root.key);
  return attr(root.node, prefix ? `xmlns:${prefix}` : 'xmlns');
}

/** Text content of every element, in document order (for a plain-text rendering). */
export function textContent(node: unknown): string[] {
  if (typeof node === 'string') return node.trim() ? [node.trim()] : [];
  if (Array.isArray(node)) return node.flatMap((n) => textContent(n));
  const out: string[] = [];
  for (const n of node && typeof node === 'object' ? [node] : []) {
    for (const [key, value] of Object.entries(n as XmlNode)) {
      if (key.startsWith(ATTR)) continue;
      out.push(...textContent(value));
    }
  }
  return out;
}
