/**
 * Display texts the contract defines, copied character for character (including the ones
 * that read "the service" where a noun is expected: they are the contract's exact texts).
 * Never retype one of these elsewhere; import it from here.
 */

/** Row status that the tickets and tenencia lookups share while a query is in flight. */
const LOOKUP_RUNNING = 'Se está procesando la información';

/**
 * Empty outcomes for tickets and tenencia when there is nothing to look up (contract §4.5,
 * §4.7, §9): both are `completed` since 21 August 2026.
 */
export const EMPTY_PLATES_MESSAGES = {
  /** The case has no extracted plates. */
  NO_PLATES: 'No se encontraron the service registradas',
  /** Plates exist but none belongs to the case VIN. */
  PLATES_NOT_FOR_CASE_VIN: 'Las the service registradas no corresponden al VIN del expediente',
} as const;

/** Infractions (contract §4.5). */
export const TICKET_MESSAGES = {
  /** Row `success`: source status PAGADA. */
  PAID: 'Pagada',
  /** Row `warning`: source status NO PAGADA. */
  UNPAID: 'No Pagada',
  /** Row `success`: the plate has no infractions. */
  NO_INFRACTIONS: 'Placa sin adeudos',
  /** Row `processing`: the query is still running. */
  PROCESSING: LOOKUP_RUNNING,
  /** Row `failed`: process or provider failure; retrying is worthwhile. */
  LOOKUP_FAILED: 'Hubo un problema al extraer la información',
  /** Row `failed`: the plate was never queried. */
  PLATE_NEVER_QUERIED: 'Aún no se ha consultado esta placa',
  /** Root `processing`: plates exist, never queried. */
  NO_LOOKUP_YET: 'Aún no se ha ejecutado ninguna consulta de infracciones para este caso',
  NO_PLATES: EMPTY_PLATES_MESSAGES.NO_PLATES,
  PLATES_NOT_FOR_CASE_VIN: EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN,
} as const;

/** Tenencia (contract §4.7). */
export const TAX_MESSAGES = {
  /** `document` cell `success`: a receipt covers the year. */
  RECEIPT_ADDED: 'Agregado',
  /** `document` cell `warning`: no receipt covers the year. */
  RECEIPT_PENDING: 'Pendiente',
  /** `source`/`status` cell `warning`: the portal reports debt for the year. */
  WITH_DEBT: 'Con adeudo',
  /** `source`/`status` cell `success`: the portal answered without the year. */
  NO_DEBT: 'Sin adeudo',
  /** `source` cell `failed`: source error without publishable detail. */
  SOURCE_ERROR: 'Hubo un error al obtener la información',
  /** `source` cell `failed`: the lookup never ran. */
  LOOKUP_NEVER_RAN: 'No se pudo ejecutar la consulta de tenencia para esta placa.',
  /** `source` cell `processing`: lookup running. */
  PROCESSING: LOOKUP_RUNNING,
  /** `source` cell `processing`: plate never looked up. */
  PLATE_NEVER_QUERIED: 'Aún no se ha consultado la tenencia de esta placa',
  /** `taxes` block, permanent: the main plate is the only plate. */
  ONLY_MAIN_PLATE: 'El caso no tiene the service adicionales a la principal',
  /** Block `processing`: the case has no tenencia lookup at all. */
  NO_LOOKUP_YET: 'Aún no se ha ejecutado ninguna consulta de tenencia para este caso.',
  NO_PLATES: EMPTY_PLATES_MESSAGES.NO_PLATES,
  PLATES_NOT_FOR_CASE_VIN: EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN,
} as const;

/** Immediate answer of the chain POSTs (contract §4.3). */
export const CHAIN_MESSAGES = {
  PLATE_CHAIN_GENERATING: 'La generación de la cadena de the service se está ejecutando en background.',
  OWNERSHIP_CHAIN_GENERATING: 'La generación de la cadena de propiedad se está ejecutando en background.',
} as const;

/** GET rapi without a RAPI result (contract §4.4). */
export const RAPI_MESSAGES = {
  /** `status` `processing`: the case is being processed. */
  CASE_PROCESSING: 'El caso está en procesamiento; la información de RAPI puede completarse en background.',
  /** `status` `pending`: the case is not being processed yet. */
  CASE_NOT_PROCESSED: 'El caso aún no está siendo procesado.',
  /** `status` `error`: the source could not be reached (its own text stays in the logs). */
  SOURCE_ERROR: 'Hubo un error al obtener la información',
} as const;

/** Invoice checks (contract §4.8). */
export const INVOICE_CHECK_MESSAGES = {
  /** Any check with `status` `processing`. */
  PROCESSING: 'Consulta en procesamiento',
  /** consulta_pedimento: a valid result meaning there is no import data. */
  NATIONAL_VEHICLE: 'El vehículo es de procedencia nacional',
  /** consulta_pedimento, amda_invoice, amis: not found. */
  NOT_FOUND: 'No se encontró información',
  /** consulta_pedimento: the tax authority's service could not be reached. */
  SERVICE_UNAVAILABLE: 'Servicio no disponible.',
  /** amda_invoice: failure while processing. */
  PROCESSING_ERROR: 'Hubo un error al procesar la información',
  /** amis: no policy history. */
  NO_DATA: 'Sin datos',
  /** validate_invoice: the not-found message starts with this text. */
  CFDI_NOT_REGISTERED_PREFIX: 'Este comprobante no se encuentra registrado en los controles del Servicio de Administracion Tributaria',
} as const;

/**
 * Texts that external sources answer with and that the contract quotes as examples. They
 * are published verbatim (the service does not write them); kept here for fixtures and tests.
 */
export const SOURCE_REASON_EXAMPLES = {
  /** tickets: the entity has no coverage (row `failed`). */
  TICKETS_NO_COVERAGE: 'Entidad aún sin cobertura',
  /** tenencia portal: vehicle unknown or deregistered (cell `failed`). */
  TAX_VEHICLE_NOT_FOUND: 'Vehículo no encontrado o dado de baja',
  /** amda_invoice: the provider's reason starts with this text. */
  AMDA_NOT_AMDA_INVOICE_PREFIX: 'No se encontraron los indicadores de una Factura AMDA',
  /** amis: invalid case VIN. */
  AMIS_INVALID_VIN_LENGTH: 'Longitud incorrecta (se esperan 17 caracteres)',
} as const;

/** Assignment history `user` when the assigned user has neither name nor e-mail (contract §2.15). */
export const ASSIGNMENT_USER_FALLBACK = 'un usuario';

/** Webhook `{{expedientData.user_name}}` / `user_email` when unknown (contract §6). */
export const WEBHOOK_MISSING_VALUE = 'N/A';
