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
}
