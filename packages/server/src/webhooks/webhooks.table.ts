import type { ColumnType } from 'kysely';

/** One receiver per company and event (operator-surface §2). Primary key (company_id, event). */
export interface WebhookRegistrationsTable {
  /**
   * Kept when the registration is replaced, new after it is deleted: delivery jobs name the
   * registration by it and read its URL and credentials when they send (migration 008).
   */
  id: string;
  company_id: string;
  event: string;
  url: string;
  /**
   * `JSON.stringify(template)`: an object template is stored as a JSON object, a string
   * template as a JSON string, so parsing gives back which of the two the operator sent.
   */
  template: string | null;
  api_key: string | null;
  /** `whsec_<base64>`: signs every delivery (webhooks/signatures.ts); made on first registration. */
  signing_secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
  previous_signing_secret: string | null;
  previous_secret_expires_at: string | null;
  updated_at: string;
}

/** Every delivery attempt, successful or not (contract §6 "Delivery rules"). */
export interface WebhookDeliveriesTable {
  id: string;
  company_id: string;
  event: string;
  case_id: string | null;
  url: string;
  request_body: string;
  status_code: number | null;
  ok: number; // 0/1
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  /** The message's `webhook-id` (the same on a redelivery); null before migration 008. */
  webhook_id: ColumnType<string | null, string | null | undefined, never>;
  /** The delivery this one repeats, when an operator redelivered it. */
  redelivered_from: ColumnType<string | null, string | null | undefined, never>;
}
