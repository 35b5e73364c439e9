import { PLATE_SOURCE_DOCUMENT_TYPES, type PlateSourceDocumentType } from '@vcase/shared';
import { str } from './text.js';
import { normalizePlate } from './validators/index.js';

export interface PlateSourceDocument {
  file_id: string;
  ocr_id: string;
  document_type: string | null;
  parsed_data: Record<string, unknown>;
}

export interface ExtractedPlate {
  plate: string;
  entity: string;
  document_type: PlateSourceDocumentType;
  document_date: string;
  file_id: string;
  ocr_id: string;
  niv: string | null;
  motor_number: string | null;
  owner_name: string | null;
}

/** Document types whose plates count, with the aliases the classifier may produce. */
const SOURCE_TYPE: Record<string, PlateSourceDocumentType> = {
  ...Object.fromEntries(PLATE_SOURCE_DOCUMENT_TYPES.map((t) => [t, t])),
  tenencia: 'tax_payment',
};

/** `DD/MM/YYYY` → sortable `YYYYMMDD`; '' when absent or malformed. */
export function dateKey(ddmmyyyy: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy);
  return m ? `${m[3]}${m[2]}${m[1]}` : '';
}

/**
 * A document that gives a plate without its entity names the same plate as one that gives
 * it with one: when the case knows the plate in exactly one entity, the entry takes it (so a
 * plate is not looked up and published twice). In several entities it stays unknown.
 */
export function withKnownEntities<T extends { plate: string; entity: string }>(entries: readonly T[]): T[] {
  const known = new Map<string, Set<string>>();
  for (const e of entries) {
    const entity = e.entity.trim().toUpperCase();
    if (!entity) continue;
    const text = normalizePlate(e.plate);
    known.set(text, (known.get(text) ?? new Set()).add(entity));
  }
  return entries.map((e) => {
    if (e.entity.trim()) return e;
    const entities = known.get(normalizePlate(e.plate));
    return entities?.size === 1 ? { ...e, entity: [...entities][0] } : e;
  });
}

/**
 * One plate row per plate-bearing document (contract §2.4): the plate as the document
 * declares it, newest document first (undated last).
 */
export function platesFromDocuments(docs: readonly PlateSourceDocument[]): ExtractedPlate[] {
  const rows: ExtractedPlate[] = [];
  for (const doc of docs) {
    const type = doc.document_type ? SOURCE_TYPE[doc.document_type] : undefined;
    const placa = str(doc.parsed_data.placa);
    if (!type || !placa) continue;
    const plate = normalizePlate(placa);
    if (!plate) continue;
    rows.push({
      plate,
      entity: (str(doc.parsed_data.entidad) ?? '').toUpperCase(),
      document_type: type,
      document_date: str(doc.parsed_data.fecha_documento) ?? str(doc.parsed_data.fecha_pago) ?? '',
      file_id: doc.file_id,
      ocr_id: doc.ocr_id,
      niv: str(doc.parsed_data.vin)?.toUpperCase() ?? null,
      motor_number: str(doc.parsed_data.numero_motor),
      owner_name: str(doc.parsed_data.propietario),
    });
  }
  // Contract §2.4 gives every row a state code: a document that omits it names the plate the
  // case knows in one state.
  return withKnownEntities(rows)
    .map((row, i) => ({ row, i }))
    .sort((a, b) => dateKey(b.row.document_date).localeCompare(dateKey(a.row.document_date)) || a.i - b.i)
    .map(({ row }) => row);
}
