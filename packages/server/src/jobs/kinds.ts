/**
 * Every kind of durable job, named once. Services enqueue and read jobs by these names and
 * `jobHandlers.ts` maps each to its handler, so no service imports another for a name.
 */
export const CASE_PROCESS_JOB = 'case.process';
/** OCR, classification and extraction of one document. */
export const DOCUMENT_PROCESS_JOB = 'document.process';
export const INVOICE_CHECK_JOB = 'invoice.check';
export const PLATE_PORTAL_JOB = 'plate_portal.lookup';
export const PLATE_CHAIN_JOB = 'chain.plates';
export const OWNERSHIP_CHAIN_JOB = 'chain.ownership';
/** The parent of a batch of per-plate lookups: its id is the `job_id` a POST answers. */
export const LOOKUP_BATCH_JOB = 'lookup.batch';
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** Sources asked by a lookup job of their own (`lookup.<source>`). */
export const LOOKUP_JOB_SOURCES = ['bureau', 'repuve', 'pedimento', 'rapi', 'renapo', 'ine', 'tickets', 'tenencia'] as const;
export type LookupJobSource = (typeof LOOKUP_JOB_SOURCES)[number];
export type LookupJobKind = `lookup.${LookupJobSource}`;
export const lookupJobKind = <S extends LookupJobSource>(source: S) => `lookup.${source}` as const;

export type JobKind =
  | typeof CASE_PROCESS_JOB
  | typeof DOCUMENT_PROCESS_JOB
  | typeof INVOICE_CHECK_JOB
  | typeof PLATE_PORTAL_JOB
  | typeof PLATE_CHAIN_JOB
  | typeof OWNERSHIP_CHAIN_JOB
  | typeof LOOKUP_BATCH_JOB
  | typeof WEBHOOK_DELIVER_JOB
  | LookupJobKind;
