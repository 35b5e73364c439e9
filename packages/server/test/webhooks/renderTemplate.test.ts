import { describe, expect, it } from 'vitest';
import {
  defaultWebhookBody,
  jsonTemplateProblem,
  renderTemplate,
  webhookRequestBody,
  type WebhookVars,
} from '../../src/webhooks/renderTemplate.js';

const vars: WebhookVars = {
  vehicle_id: '0b8e4d2c-0000-4000-8000-000000000001',
  internal_id: 'EXP-42',
  review_status: 'nuevo',
  url_exp: 'https://web.example/cases/0b8e4d2c-0000-4000-8000-000000000001',
  user_id: 'uid-7',
  user_name: 'Ana López',
  user_email: 'ana@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  environment: 'sandbox',
};

describe('renderTemplate', () => {
  it.each([
    ['{{expedientData.vehicle_id}}', vars.vehicle_id],
    ['{{expedientData.internal_id}}', 'EXP-42'],
    ['{{expedientData.review_status}}', 'nuevo'],
    ['{{expedientData.url_exp}}', vars.url_exp],
    ['{{expedientData.user_id}}', 'uid-7'],
    ['{{expedientData.user_name}}', 'Ana López'],
    ['{{expedientData.user_email}}', 'ana@example.com'],
    ['{{expedientData.created_at}}', '2026-01-01T00:00:00.000Z'],
    ['{{environment}}', 'sandbox'],
    ['{{ expedientData.internal_id }}', 'EXP-42'],
    ['{{expedientData.unknown}}', ''],
    ['{{constructor}}', ''],
    ['case {{expedientData.internal_id}} is {{expedientData.review_status}}', 'case EXP-42 is nuevo'],
  ])('renders %s in an object template', (placeholder, expected) => {
    expect(renderTemplate({ v: placeholder }, vars)).toEqual({ v: expected });
  });

  it('renders N/A for a missing user name or e-mail, empty for a missing user id or status', () => {
    const anonymous = { ...vars, user_id: null, user_name: null, user_email: '', review_status: null };
    expect(
      renderTemplate(
        {
          id: '{{expedientData.user_id}}',
          name: '{{expedientData.user_name}}',
          email: '{{expedientData.user_email}}',
          status: '{{expedientData.review_status}}',
        },
        anonymous,
      ),
    ).toEqual({ id: '', name: 'N/A', email: 'N/A', status: '' });
  });

  it('renders nested objects and arrays, leaving non-string values alone', () => {
    const template = {
      data: { case: { id: '{{expedientData.vehicle_id}}', tags: ['{{environment}}', 'fixed'] } },
      count: 3,
      flag: true,
      nothing: null,
    };
    expect(renderTemplate(template, vars)).toEqual({
      data: { case: { id: vars.vehicle_id, tags: ['sandbox', 'fixed'] } },
      count: 3,
      flag: true,
      nothing: null,
    });
  });

  it('renders a string template as JSON text, escaping substitutions', () => {
    const tricky = { ...vars, user_name: 'Ana "La Jefa" \\ López\n' };
    const text = renderTemplate('{"who": "{{expedientData.user_name}}", "ref": "{{expedientData.internal_id}}"}', tricky);
    expect(typeof text).toBe('string');
    expect(JSON.parse(text)).toEqual({ who: 'Ana "La Jefa" \\ López\n', ref: 'EXP-42' });
  });

  it('renders a placeholder that stands for a whole value as a JSON string', () => {
    const tricky = { ...vars, user_name: 'Ana "La Jefa"' };
    const text = renderTemplate(
      '{"who": {{expedientData.user_name}}, "list": [{{environment}}, "x{{environment}}"], "q": "say \\"{{environment}}\\""}',
      tricky,
    );
    expect(JSON.parse(text)).toEqual({ who: 'Ana "La Jefa"', list: ['sandbox', 'xsandbox'], q: 'say "sandbox"' });
  });

  it('tells a string template that cannot give JSON from one that can', () => {
    for (const ok of ['{"a": "{{environment}}"}', '{"a": {{environment}}}', '[{{x}}, "{{y}}"]', '"{{environment}}"', '{"n": 1}']) {
      expect(jsonTemplateProblem(ok), ok).toBeNull();
    }
    for (const bad of ['hello {{environment}}', '{"a": {{environment}}', '{"a": "{{environment}}}', '{a: 1}', '{"a": x{{environment}}}']) {
      expect(jsonTemplateProblem(bad), bad).toMatch(/JSON/);
    }
  });

  it('keeps an object template from being turned into JSON-escaped text', () => {
    const tricky = { ...vars, user_name: 'Ana "La Jefa"' };
    expect(renderTemplate({ who: '{{expedientData.user_name}}' }, tricky)).toEqual({ who: 'Ana "La Jefa"' });
  });
});

describe('default bodies', () => {
  it('sends internal_id and source api', () => {
    expect(defaultWebhookBody('expediente-created', vars)).toEqual({ internal_id: 'EXP-42', source: 'api' });
    expect(defaultWebhookBody('v1-assign-analyst', vars)).toEqual({ internal_id: 'EXP-42', source: 'api' });
  });

  it('sends the in-review body for processing-in-review', () => {
    expect(defaultWebhookBody('processing-in-review', vars)).toEqual({
      status: 'en_revision',
      event_type: 'in-review',
      vehicle_id: vars.vehicle_id,
      internal_id: 'EXP-42',
    });
  });

  it('builds the request body text from a template or the default', () => {
    expect(JSON.parse(webhookRequestBody(null, 'error-processing', vars))).toEqual({ internal_id: 'EXP-42', source: 'api' });
    expect(JSON.parse(webhookRequestBody({ e: '{{environment}}' }, 'error-processing', vars))).toEqual({ e: 'sandbox' });
    expect(webhookRequestBody('{"e":"{{environment}}"}', 'error-processing', vars)).toBe('{"e":"sandbox"}');
  });
});
