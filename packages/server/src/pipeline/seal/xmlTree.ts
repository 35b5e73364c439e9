import { XMLParser } from 'fast-xml-parser';

/**
 * An XML element as the cadena original's transformation sees it: namespace URI and local
 * name (the XSLT matches `cfdi:Concepto` by URI, not by the prefix a file happens to use),
 * attributes by their exact, unprefixed name, and child elements in document order.
 */
export interface XmlElement {
  ns: string;
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: XmlElement[];
}

type Ordered = Record<string, unknown>;

const ATTRS = ':@';

// Order preserved (the complements of `Complemento` and `.//` searches are taken in document
// order); entities decoded as an XML parser must (`&amp;`, `&#209;`), values kept verbatim:
// whitespace is normalised by the cadena's own rule, not here.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function elementOf(entry: Ordered, scope: ReadonlyMap<string, string>): XmlElement | undefined {
  const key = Object.keys(entry).find((k) => k !== ATTRS && !k.startsWith('#') && !k.startsWith('?'));
  if (!key) return undefined;
  const raw = (entry[ATTRS] ?? {}) as Record<string, string>;
  let inScope = scope;
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (inScope === scope) inScope = new Map(scope);
      (inScope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), String(value));
    } else if (!name.includes(':')) {
      attrs[name] = String(value);
    }
  }
  const colon = key.indexOf(':');
  const prefix = colon < 0 ? '' : key.slice(0, colon);
  const kids = Array.isArray(entry[key]) ? (entry[key] as Ordered[]) : [];
  return {
    ns: inScope.get(prefix) ?? '',
    name: key.slice(colon + 1),
    attrs,
    children: kids.map((k) => elementOf(k, inScope)).filter((e): e is XmlElement => !!e),
  };
}

/** The root element of an XML text (already known to be well-formed), or undefined. */
export function parseElementTree(xml: string): XmlElement | undefined {
  const doc = parser.parse(xml) as Ordered[];
  for (const entry of doc) {
    const root = elementOf(entry, new Map());
    if (root) return root;
  }
  return undefined;
}
