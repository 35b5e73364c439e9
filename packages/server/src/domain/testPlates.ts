import type { CasePlateEntry } from './plateSelection.js';

/** Test fixtures for the plate rules: the case VIN, another vehicle's, and a §2.4 row. */
export const VIN = '1M8GDM9AXKP042788';
export const OTHER_VIN = '3VWFE21C04M000001';

/** A plate row read from a certificate of the case's vehicle (`entity` as given, default JAL). */
export function plateEntry(plate: string, over: Partial<CasePlateEntry> = {}, entity = 'JAL'): CasePlateEntry {
  return {
    plate,
    entity,
    document_type: 'certificate_title',
    document_date: '01/01/2024',
    file_id: `file-${plate}`,
    ocr_id: `ocr-${plate}`,
    niv: VIN,
    motor_number: null,
    owner_name: null,
    previous_plate: null,
    ...over,
  };
}
