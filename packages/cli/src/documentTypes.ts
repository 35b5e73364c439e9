import { DOCUMENT_TYPES } from '@vcase/sdk';

/**
 * Document types the service knows (contract §2.3). It stores any other non-empty type as
 * given and reads no field from such a document but a VIN (docs/rules.md), so the CLI sends it
 * too, with a warning: a typo (`invoce`) would otherwise go unseen.
 */
const KNOWN: ReadonlySet<string> = new Set(DOCUMENT_TYPES);

export const KNOWN_TYPES_TEXT = DOCUMENT_TYPES.join(', ');

/** Help text of a `--type` option. */
export const TYPE_HELP = `Document types the service knows: ${KNOWN_TYPES_TEXT}.
Another type is stored as given, with a warning: no field is read from it but a VIN.`;

/** The warning for a type the service does not know, or undefined. */
export function unknownTypeWarning(type: string | undefined | null): string | undefined {
  if (type === undefined || type === null || KNOWN.has(type.trim())) return undefined;
  return `"${type}" is not a document type the service knows; it is stored as given and no field is read from it but a VIN`;
}

/** Says on stderr that `type` is not one the service knows (the command still sends it). */
export async function warnUnknownType(s: { err(text: string): Promise<void> }, type: string | undefined): Promise<void> {
  const warning = unknownTypeWarning(type);
  if (warning) await s.err(`vcase: warning: ${warning}\nhint: known types: ${KNOWN_TYPES_TEXT}\n`);
}
