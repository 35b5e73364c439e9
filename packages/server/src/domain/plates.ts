import { PLATE_SOURCE_DOCUMENT_TYPES, type PlateSourceDocumentType } from '@vcase/shared';

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

/** Uppercase, no spaces, dashes or dots (contract §2.4). */
export function normalizePlateText(plate: string): string {
  return plate.toUpperCase().replace(/[\s.\-_/]/g, '');
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** `DD/MM/YYYY` → sortable `YYYYMMDD`; '' when absent or malformed. */
export function dateKey(ddmmyyyy: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy);
  return m ? `${m[3]}${m[2]}${m[1]}` : '';
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
    const plate = normalizePlateText(placa);
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
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => dateKey(b.row.document_date).localeCompare(dateKey(a.row.document_date)) || a.i - b.i)
    .map(({ row }) => row);
}
