/** Case data at event time, as the contract's template variables name it (contract §6). */
export interface WebhookVars {
  vehicle_id: string;
  internal_id: string;
  review_status: string | null;
  url_exp: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  created_at: string;
  environment: string;
}

/** An object whose string values hold placeholders, or JSON text with placeholders. */
export type WebhookTemplate = string | { [key: string]: unknown };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Placeholder name → text. A Map, so names like `constructor` are simply unknown. */
function placeholderValues(vars: WebhookVars): Map<string, string> {
  return new Map([
    ['expedientData.vehicle_id', vars.vehicle_id],
    ['expedientData.internal_id', vars.internal_id],
    ['expedientData.review_status', vars.review_status ?? ''],
    ['expedientData.url_exp', vars.url_exp],
    ['expedientData.user_id', vars.user_id ?? ''],
    ['expedientData.user_name', vars.user_name || 'N/A'],
    ['expedientData.user_email', vars.user_email || 'N/A'],
    ['expedientData.created_at', vars.created_at],
    ['environment', vars.environment],
  ]);
}

function fill(text: string, values: Map<string, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values.get(name) ?? '');
}

const asJsonStringContent = (s: string) => JSON.stringify(s).slice(1, -1);

/** Whether the JSON text is inside a string at `to`, scanning from `from` in state `inString`. */
function inJsonStringAt(text: string, from: number, to: number, inString: boolean): boolean {
  for (let i = from; i < to; i++) {
    if (inString && text[i] === '\\') i++;
    else if (text[i] === '"') inString = !inString;
  }
  return inString;
}

/**
 * Fills the placeholders of JSON text: inside a JSON string a value is escaped as string
 * content; anywhere else it stands for a whole value and becomes a JSON string. Either way
 * a name with a quote in it cannot break the document.
 */
function fillJsonText(text: string, values: Map<string, string>): string {
  let out = '';
  let last = 0;
  let inString = false;
  for (const m of text.matchAll(PLACEHOLDER)) {
    inString = inJsonStringAt(text, last, m.index, inString);
    const value = values.get(m[1]) ?? '';
    out += text.slice(last, m.index) + (inString ? asJsonStringContent(value) : JSON.stringify(value));
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
}

/**
 * Why a string template cannot give a JSON body (contract §6: "a JSON template with `{{...}}`
 * placeholders"), or null when it can: it must be JSON once each placeholder stands for a value.
 */
export function jsonTemplateProblem(text: string): string | null {
  try {
    JSON.parse(fillJsonText(text, new Map()));
    return null;
  } catch {
    return 'La plantilla debe ser JSON; cada marcador {{…}} va dentro de una cadena o en lugar de un valor';
  }
}

function renderValue(value: unknown, values: Map<string, string>): unknown {
  if (typeof value === 'string') return fill(value, values);
  if (Array.isArray(value)) return value.map((v) => renderValue(v, values));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, values)]));
  }
  return value;
}

/**
 * Fills `{{…}}` placeholders; unknown ones become empty. An object template is rendered
 * value by value, recursively; a string template is JSON text (`fillJsonText`).
 */
export function renderTemplate(template: string, vars: WebhookVars): string;
export function renderTemplate(template: { [key: string]: unknown }, vars: WebhookVars): { [key: string]: unknown };
export function renderTemplate(template: WebhookTemplate, vars: WebhookVars): unknown;
export function renderTemplate(template: WebhookTemplate, vars: WebhookVars): unknown {
  const values = placeholderValues(vars);
  if (typeof template === 'string') return fillJsonText(template, values);
  return renderValue(template, values);
}

/** The body sent when the registration has no template (contract §6). */
export function defaultWebhookBody(event: string, vars: WebhookVars): Record<string, unknown> {
  if (event === 'processing-in-review') {
    return { status: 'en_revision', event_type: 'in-review', vehicle_id: vars.vehicle_id, internal_id: vars.internal_id };
  }
  return { internal_id: vars.internal_id, source: 'api' };
}

/** The request body text: the rendered template, or the default body. */
export function webhookRequestBody(template: WebhookTemplate | null, event: string, vars: WebhookVars): string {
  if (template === null) return JSON.stringify(defaultWebhookBody(event, vars));
  if (typeof template === 'string') return renderTemplate(template, vars);
  return JSON.stringify(renderTemplate(template, vars));
}
