import type {
  CaseFile,
  CaseListItem,
  InvoicesResponse,
  OwnershipChainResponse,
  PlateChainResponse,
  PlatesResponse,
  RapiResponse,
  TaxesResponse,
  TicketsResponse,
} from '@vcase/sdk';

/** Bodies shaped by the shared schemas (checked in fixtures.test.ts), for rendering tests. */
export const CASE_ID = '7b1e4c2a-9d3f-4a6b-8c5d-1e2f3a4b5c6d';
export const FILE_1 = '11111111-1111-4111-8111-111111111111';
export const FILE_2 = '22222222-2222-4222-8222-222222222222';
export const OCR_1 = '33333333-3333-4333-8333-333333333333';
export const JOB = '44444444-4444-4444-8444-444444444444';

export function caseItem(i: number, over: Partial<CaseListItem> = {}): CaseListItem {
  return {
    case_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    internal_id: `EXP-${i}`,
    review_status: 'sin_documentos',
    use_case_id: null,
    user_id_added_by: null,
    created_by: null,
    created_at: '2026-01-10T10:00:00.000Z',
    active: true,
    ...over,
  };
}

/** A document as the case detail lists it. */
export function caseFile(i: number, over: Partial<CaseFile> = {}): CaseFile {
  return {
    file_id: `00000000-0000-4000-9000-00000000000${i}`,
    created_at: '2026-01-10T10:00:00.000Z',
    document_type: 'invoice',
    document_subtype: null,
    mime_type: 'application/pdf',
    active: true,
    url: 'http://x',
    ocr: {},
    ...over,
  };
}

export const plates: PlatesResponse = {
  case_id: CASE_ID,
  internal_id: 'EXP-1042',
  plates: [
    {
      plate: 'MXA1234',
      entity: 'MEX',
      document_type: 'certificate_title',
      document_date: '01/02/2023',
      file_id: FILE_1,
      ocr_id: OCR_1,
      niv: '1FTFW1E51PFA12345',
      motor_number: null,
      owner_name: 'JUAN PEREZ',
      plate_status: 'Vigente',
      plate_valid_from: '01/02/2023',
      plate_valid_until: '01/02/2026',
      previous_plate: 'LKJ9876',
      previous_plate_lookup_status: 'found',
    },
    {
      plate: 'NLX5555',
      entity: 'NLE',
      document_type: 'tax_payment',
      document_date: '',
      file_id: FILE_2,
      ocr_id: OCR_1,
      niv: null,
      motor_number: null,
      owner_name: null,
      plate_status: null,
      plate_valid_from: null,
      plate_valid_until: null,
      previous_plate: null,
      previous_plate_lookup_status: 'pending',
    },
  ],
};

const chainDoc = (over: Partial<PlateChainResponse['chain'][number]['documents'][number]> = {}) => ({
  file_id: FILE_1,
  ocr_id: OCR_1,
  source_kind: 'ocr',
  document_type: 'certificate_title',
  field_name: 'placa',
  plate: 'AAA1111',
  folio: 'F-1',
  issued_at: '2015-03-01',
  date_source: 'document_field',
  valid_until: null,
  owner_name: 'ANA',
  niv: '1FTFW1E51PFA12345',
  niv_matches_case_niv: true,
  file_url: 'http://files/1.pdf',
  ...over,
});

export const chainPlates: PlateChainResponse = {
  case_id: CASE_ID,
  internal_id: 'EXP-1042',
  niv: '1FTFW1E51PFA12345',
  summary: { plate_count: 2, current_plate: 'BBB2222', chain_scope: 'edomex_only', generated_at: '2026-01-10T10:00:00.000Z' },
  // Deliberately out of order: the timeline sorts by sequence_index.
  chain: [
    {
      sequence_index: 1,
      plate: 'BBB2222',
      entity: 'MEX',
      period_start: '2018-07-01',
      period_end: null,
      period_precision: 'day',
      is_current: true,
      predecessor_plate: 'AAA1111',
      documents: [chainDoc({ plate: 'BBB2222', folio: 'F-2', niv: '1FTFW1E51PFA99999', niv_matches_case_niv: false })],
    },
    {
      sequence_index: 0,
      plate: 'AAA1111',
      entity: 'MEX',
      period_start: '2015-03-01',
      period_end: '2018-06-30',
      period_precision: 'day',
      is_current: false,
      predecessor_plate: null,
      documents: [chainDoc()],
    },
  ],
  status: 'completed',
  message: null,
};

export const ownership: OwnershipChainResponse = {
  case_id: CASE_ID,
  internal_id: 'EXP-1042',
  summary: {
    owner_count: 3,
    gap_count: 1,
    current_owner: 'JUAN PEREZ',
    chain_pivot: 'invoice_original',
    generated_at: '2026-01-10T10:00:00.000Z',
  },
  chain: [
    {
      sequence_index: 0,
      display_name: 'AUTOMOTRIZ DEL NORTE SA DE CV',
      person_type: 'moral',
      role_label: 'Agencia',
      is_current: false,
      acquired_at: null,
      transferred_at: '2019-05-01',
      match_status: 'matched',
      source_document: { document_type: 'invoice', folio: 'A-1', file_id: FILE_1 },
    },
    {
      sequence_index: 2,
      display_name: 'JUAN PEREZ',
      person_type: 'fisica',
      role_label: 'Propietario',
      is_current: true,
      acquired_at: '2022-01-01',
      transferred_at: null,
      match_status: 'matched',
      extra_field: 'kept',
    },
    {
      sequence_index: 1,
      display_name: 'MARIA LOPEZ',
      person_type: 'fisica',
      role_label: 'Propietario',
      is_current: false,
      acquired_at: '2019-05-01',
      transferred_at: null,
      match_status: 'unmatched',
    },
  ],
  gaps: [
    { gap_id: 'g1', gap_type: 'untraceable_transfer', from_owner: 'MARIA LOPEZ', to_owner: 'JUAN PEREZ', related_sequence_indexes: [1, 2] },
  ],
  status: 'completed',
  message: null,
};

const cell = (status: 'success' | 'warning' | 'failed' | 'processing', message: string) => ({ status, message });

export const taxes: TaxesResponse = {
  main_tax: {
    status: 'completed',
    message: null,
    result: [2022, 2023, 2024, 2025, 2026].map((year) => ({
      fiscal_year: year,
      plate_number: 'MXA1234',
      state: 'MEX',
      document: year === 2025 ? cell('success', 'Agregado') : cell('warning', 'Pendiente'),
      source:
        year === 2026
          ? cell('warning', 'Con adeudo')
          : year === 2022
            ? cell('failed', 'Vehículo no encontrado o dado de baja')
            : cell('success', 'Sin adeudo'),
      payment_date: year === 2025 ? '15/03/2025' : null,
      total: year === 2026 ? '$1,234.50' : year === 2025 ? 980 : null,
    })),
  },
  taxes: {
    status: 'completed',
    message: null,
    result: [
      { plate_number: 'LKJ9876', state: 'MEX', fiscal_year: 2021, status: cell('warning', 'Con adeudo'), payment_date: null, total: 700 },
    ],
  },
};

export const tickets: TicketsResponse = {
  case_id: CASE_ID,
  status: 'completed',
  message: null,
  result: [
    { plate_number: 'MXA1234', state: 'MEX', ticket_date: '01/02/2024', amount: '$1,500.00', status: 'warning', message: 'No Pagada' },
    { plate_number: 'MXA1234', state: 'MEX', ticket_date: '03/05/2023', amount: 800, status: 'success', message: 'Pagada' },
    { plate_number: 'MXA1234', state: 'CMX', ticket_date: null, amount: null, status: 'success', message: 'Placa sin adeudos' },
    { plate_number: 'LKJ9876', state: 'MEX', ticket_date: '10/10/2020', amount: 250.5, status: 'warning', message: 'PENDIENTE' },
  ],
};

const check = (over: Partial<InvoicesResponse['invoices'][number]['validate_invoice']>) => ({
  status: 'completed' as const,
  message: null,
  result: null,
  updated_at: '2026-01-10T10:00:00.000Z',
  ...over,
});

export const invoices: InvoicesResponse = {
  case_id: CASE_ID,
  invoices: [
    {
      file_id: FILE_1,
      file_url: 'http://files/1.xml',
      data: {
        folio_fiscal: { db_field: 'folio_fiscal', label: 'Folio fiscal', text: '0E9D8C7B-6A5F' },
        nombre_emisor: { db_field: 'nombre_emisor', label: 'Nombre emisor', text: 'ACME SA' },
        monto_total: { db_field: 'monto_total', label: 'Monto total', text: '710000' },
      },
      updated_at: '2026-01-10T10:00:00.000Z',
      validate_invoice: check({ result: { estadoCFDI: 'Vigente', folioFiscal: '0E9D8C7B-6A5F' } }),
      consulta_pedimento: check({ message: 'El vehículo es de procedencia nacional' }),
      amda_invoice: check({ message: 'No se encontró información' }),
      amis: check({ result: { info: [{ marca: 'TOYOTA' }, { marca: 'TOYOTA' }] } }),
    },
    {
      file_id: FILE_2,
      file_url: null,
      data: null,
      updated_at: null,
      validate_invoice: check({ result: { estadoCFDI: 'Cancelado' } }),
      consulta_pedimento: check({ message: 'Servicio no disponible.' }),
      amda_invoice: { status: 'processing', message: 'Consulta en procesamiento', result: null, updated_at: null },
      amis: { status: 'processing', message: 'Consulta en procesamiento', result: null, updated_at: null },
    },
  ],
};

export const rapi = (status: RapiResponse['status'], result: RapiResponse['result'] = null): RapiResponse => ({
  case_id: CASE_ID,
  job_id: JOB,
  result,
  status,
  message: null,
});
