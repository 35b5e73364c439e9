/** Webhook events, as `admin webhooks` takes them. */
export const EVENTS = [
  'expediente-created',
  'processing-in-review',
  'processing-review-corrections',
  'error-processing',
  'services-circulo-credito',
  'v1-assign-analyst',
];

/** Sandbox sources, as `admin fixtures set` takes them. */
export const SOURCES = [
  'plate_portal',
  'repuve',
  'pedimento',
  'rapi',
  'renapo',
  'bureau',
  'tickets',
  'tenencia',
  'sat_cfdi',
  'sat_pedimento',
  'amda',
  'amis',
  'ine',
  'ocr',
];
