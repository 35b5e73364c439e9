import type { ServerContext } from '../../context.js';
import { vinMatches } from '../../domain/validators/index.js';
import { INVOICE_TYPES } from '../../domain/vins.js';
import { fromJson } from '../../db/json.js';
import { listProcessedDocumentSummaries } from '../../repositories/documents.repository.js';
import { str } from '../../domain/text.js';

/** What the case's documents say about the vehicle a source is asked about by VIN. */
export interface VehicleFacts {
  vin: string;
  marca?: string;
  modelo?: string;
  anio_modelo?: number;
}

const year = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  return Number.isInteger(n) && n >= 1900 && n <= 2100 ? n : undefined;
};

/**
 * Brand, model and model year of the vehicle `vin` as the case's documents give them, sent
 * with VIN lookups so a source that wants more than the key can use them (the sandbox answers
 * with them: docs/sandbox.md). A document speaks for the vehicle when it names this VIN (or a
 * partial VIN of it) or no VIN at all; `first` (the invoice being checked) comes first, then
 * the invoices, then the other documents, newest first. Each fact comes from the first
 * document that has it.
 */
export async function vehicleFacts(
  ctx: ServerContext,
  caseId: string,
  vin: string,
  first?: Record<string, unknown>,
): Promise<VehicleFacts> {
  const docs = await listProcessedDocumentSummaries(ctx.db, caseId);
  const parsedOf = (d: (typeof docs)[number]) => fromJson<Record<string, unknown>>(d.parsed_data, {});
  const ranked = [
    ...(first ? [first] : []),
    ...docs.filter((d) => INVOICE_TYPES.has(d.type ?? '')).map(parsedOf),
    ...docs.filter((d) => !INVOICE_TYPES.has(d.type ?? '')).map(parsedOf),
  ].filter((parsed) => {
    const own = str(parsed.vin);
    return !own || vinMatches(own, vin);
  });
  const marca = ranked.map((p) => str(p.marca)).find(Boolean);
  const modelo = ranked.map((p) => str(p.modelo)).find(Boolean);
  const anio = ranked.map((p) => year(p.anio_modelo)).find((y) => y !== undefined);
  return { vin, ...(marca ? { marca } : {}), ...(modelo ? { modelo } : {}), ...(anio ? { anio_modelo: anio } : {}) };
}
