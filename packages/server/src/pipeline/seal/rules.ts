import type { XmlElement } from './xmlTree.js';

/**
 * The cadena original's rules as data: one template per element, as SAT publishes them in its
 * XSLT (Anexo 20 and each complement's `.xslt`). A step is
 * - `'Name'`: a required attribute (XSLT `Requerido`): `|` and its value, `|` alone when absent;
 * - `'?Name'`: an optional attribute (`Opcional`): `|` and its value only when present;
 * - `{each: path}`: every element the path selects, in document order, rendered by its own
 *   template (`apply-templates`), or by `do` when given (a `for-each` with inline steps);
 * - `{when: [attribute, value], do}`: steps taken only when the attribute has that value.
 * Paths name elements of the template's own namespace: `A/B` children, `//A` descendants at
 * any depth, `*` any child element.
 */
export type Step = string | { each: string; do?: readonly Step[] } | { when: readonly [string, string]; do: readonly Step[] };

export type Templates = Readonly<Record<string, readonly Step[]>>;

/** The templates of one namespace (the CFDI itself or one complement). */
export interface Vocabulary {
  ns: string;
  templates: Templates;
  /** CFDI versions whose stylesheet includes it; omitted: every version. */
  versions?: readonly ('3.2' | '3.3' | '4.0')[];
}

/** An element no template renders: the cadena cannot be built without guessing. */
export class UnknownElementError extends Error {
  constructor(readonly element: XmlElement) {
    super(`no cadena original rules for ${element.ns ? `{${element.ns}}` : ''}${element.name}`);
  }
}

/** XPath `normalize-space`: only space, tab, CR and LF are whitespace (not U+00A0). */
export function normalizeSpace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

function descendants(node: XmlElement, ns: string, name: string, out: XmlElement[]) {
  for (const c of node.children) {
    if (c.ns === ns && c.name === name) out.push(c);
    descendants(c, ns, name, out);
  }
}

/** The elements `path` selects from `node`, in document order. */
export function select(node: XmlElement, path: string, ns: string): XmlElement[] {
  const deep = path.startsWith('//');
  const [first, ...rest] = (deep ? path.slice(2) : path).split('/');
  let nodes: XmlElement[] = [];
  if (deep) descendants(node, ns, first, nodes);
  else nodes = node.children.filter((c) => first === '*' || (c.ns === ns && c.name === first));
  for (const name of rest) nodes = nodes.flatMap((n) => n.children.filter((c) => c.ns === ns && c.name === name));
  return nodes;
}

/**
 * Renders elements by the vocabularies' templates. `skip` names namespaces whose elements add
 * nothing (the SAT timbre: it is added after the issuer seals); any other element without a
 * template throws UnknownElementError.
 */
export class CadenaWriter {
  private readonly parts: string[] = [];
  private readonly byNs: ReadonlyMap<string, Templates>;

  constructor(
    vocabularies: readonly Vocabulary[],
    private readonly skip: ReadonlySet<string>,
  ) {
    this.byNs = new Map(vocabularies.map((v) => [v.ns, v.templates]));
  }

  apply(node: XmlElement): void {
    const steps = this.byNs.get(node.ns)?.[node.name];
    if (steps) this.run(steps, node);
    else if (!this.skip.has(node.ns)) throw new UnknownElementError(node);
  }

  private run(steps: readonly Step[], node: XmlElement): void {
    for (const step of steps) {
      if (typeof step === 'string') {
        const optional = step.startsWith('?');
        const value = node.attrs[optional ? step.slice(1) : step];
        if (value !== undefined || !optional) this.parts.push(`|${normalizeSpace(value ?? '')}`);
      } else if ('each' in step) {
        for (const n of select(node, step.each, node.ns)) {
          if (step.do) this.run(step.do, n);
          else this.apply(n);
        }
      } else if (node.attrs[step.when[0]] === step.when[1]) {
        this.run(step.do, node);
      }
    }
  }

  text(): string {
    return this.parts.join('');
  }
}
