import { taxesResponseSchema, type TaxCell } from '@vcase/shared';
import type { CasePlateEntry } from './plateSelection.js';
import type { TaxLookup, TaxReceipt } from './taxEvidence.js';
import { taxesResponse } from './taxes.js';
import { plateEntry, VIN } from './testPlates.js';

/** Test fixtures for the tenencia rules: two MEX plates, lookups, receipts, and one run. */
export const NOW = new Date('2026-09-01T12:00:00Z');
export const GRID = [2026, 2025, 2024, 2023, 2022];

export const entry = (plate: string, over: Partial<CasePlateEntry> = {}) => plateEntry(plate, over, 'MEX');
export const MAIN = entry('MAIN123', { document_date: '01/06/2025' });
export const SECOND = entry('SEC4567', { document_date: '01/06/2019' });

export const done = (plate: string, years: TaxLookup['years'] = [], over: Partial<TaxLookup> = {}): TaxLookup => ({
  plate,
  entity: 'MEX',
  state: 'done',
  years,
  ...over,
});
export const receipt = (placa: string, ejercicio_fiscal: number | number[] | null, over: Partial<TaxReceipt> = {}): TaxReceipt => ({
  file_id: `rcpt-${placa}-${String(ejercicio_fiscal)}`,
  placa,
  entidad: 'MEX',
  ejercicio_fiscal,
  fecha_pago: '15/03/2024',
  total: 1520,
  vin: null,
  ...over,
});

interface Run {
  plates?: CasePlateEntry[];
  lookups?: TaxLookup[];
  receipts?: TaxReceipt[];
  anyLookupStarted?: boolean;
  caseVin?: string | null;
}
/** `taxesResponse` at NOW (main plate only, no lookups, started, the case VIN), its body checked by the schema. */
export const run = ({ plates = [MAIN], lookups = [], receipts = [], anyLookupStarted = true, caseVin = VIN }: Run) => {
  const body = taxesResponse({ plates, caseVin, lookups, receipts, anyLookupStarted, now: NOW });
  taxesResponseSchema.parse(body);
  return body;
};
export const cell = (status: TaxCell['status'], message: string): TaxCell => ({ status, message });
