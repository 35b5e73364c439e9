import { Argument, Option, type Command } from 'commander';
import type { SandboxSource, WebhookEvent } from '@vcase/sdk';
import { EXIT } from '../errors.js';
import { jsonObjectArg, jsonObjectOf, outputOptions, positiveInt, textArg, type App, type OutputFlags } from '../kit.js';
import { renderRecords } from '../render/lookups.js';
import { registerTokenRevocation, registerWebhookSecurity, showAdmin as show } from './adminSecurity.js';
import { register as registerJobs } from './adminJobs.js';

const EVENTS = ['expediente-created', 'processing-in-review', 'processing-review-corrections', 'error-processing', 'services-circulo-credito', 'v1-assign-analyst'];
const SOURCES = ['plate_portal', 'repuve', 'pedimento', 'rapi', 'renapo', 'bureau', 'tickets', 'tenencia', 'sat_cfdi', 'sat_pedimento', 'amda', 'amis', 'ine', 'ocr'];

export function register(program: Command, app: App): void {
  const admin = program
    .command('admin')
    .description('operator API (admin token: --admin-token, VCASE_ADMIN_TOKEN, a profile, or ./.vcase/admin-token)');

  const companies = admin.command('companies').description('companies (tenants)');
  outputOptions(
    companies
      .command('create')
      .description('create a company')
      .requiredOption('--name <name>', 'company name')
      .option('--status-catalog <statuses>', 'comma-separated initial statuses (default processing,nuevo)')
      .option('--use-case <name...>', 'catalog use cases'),
  ).action(
    app.action<OutputFlags & { name: string; statusCatalog?: string; useCase?: string[] }>(async (s, _a, o) => {
      const client = await s.client();
      const body = await client.admin.companies.create(
        {
          name: o.name,
          ...(o.statusCatalog ? { status_catalog: o.statusCatalog.split(',').map((x) => x.trim()).filter(Boolean) } : {}),
          ...(o.useCase ? { use_cases: o.useCase.map((name) => ({ name })) } : {}),
        },
        { signal: s.signal },
      );
      await show(s, o, body);
    }),
  );

  outputOptions(
    admin
      .command('users')
      .description('users of a company')
      .command('create')
      .description('create a user')
      .argument('<company>', 'company_id')
      .option('--name <name>', 'display name')
      .option('--email <email>', 'e-mail')
      .option('--pid <pid>', 'profile id (generated when omitted)')
      .option('--no-pid', 'a user without a profile pid'),
  ).action(
    app.action<OutputFlags & { name?: string; email?: string; pid?: string | false }>(async (s, [company], o) => {
      const client = await s.client();
      const pid = o.pid === false ? { pid: null } : typeof o.pid === 'string' ? { pid: o.pid } : {};
      const body = await client.admin.users.create(company!, { ...(o.name ? { name: o.name } : {}), ...(o.email ? { email: o.email } : {}), ...pid }, { signal: s.signal });
      await show(s, o, body);
    }),
  );

  const tokens = admin.command('tokens').description('bearer tokens');
  outputOptions(
    tokens
      .command('create')
      .description("issue a bearer token for a user (e.g. TOKEN=$(vcase admin tokens create U --json | jq -r .access_token))")
      .argument('<user>', 'user_id')
      .option('--ttl <seconds>', 'lifetime (default 86400, at most 7776000: 90 days)', positiveInt),
  ).action(
    app.action<OutputFlags & { ttl?: number }>(async (s, [user], o) => {
      const client = await s.client();
      await show(s, o, await client.admin.tokens.create(user!, o.ttl ? { ttl_seconds: o.ttl } : {}, { signal: s.signal }));
    }),
  );
  registerTokenRevocation(tokens, app);

  const keys = admin.command('api-keys').description('API keys of a company');
  outputOptions(keys.command('create').description('issue an API key').argument('<company>', 'company_id').option('--name <name>', 'a label')).action(
    app.action<OutputFlags & { name?: string }>(async (s, [company], o) => {
      const client = await s.client();
      await show(s, o, await client.admin.apiKeys.create(company!, o.name ? { name: o.name } : {}, { signal: s.signal }));
    }),
  );
  outputOptions(keys.command('revoke').description('revoke an API key (it stops working at once)').argument('<key>', 'key_id').option('-y, --yes', 'do not ask for confirmation')).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, [key], o) => {
      const client = await s.client();
      if (!(await s.confirm(`Revoke API key ${key}?`, o.yes))) return EXIT.FAILURE;
      await client.admin.apiKeys.revoke(key!, { signal: s.signal });
      await show(s, o, { key_id: key, revoked: true });
    }),
  );

  const webhooks = admin.command('webhooks').description('webhook registrations');
  outputOptions(
    webhooks
      .command('set')
      .description('register (or replace) the webhook of an event')
      .argument('<company>', 'company_id')
      .addArgument(new Argument('<event>', 'webhook event').choices(EVENTS))
      .requiredOption('--url <url>', 'receiving URL')
      .option('--template <template>', 'body template: JSON object, @file, or text with {{…}} placeholders')
      .option('--receiver-key <key>', 'sent to the receiver as x-api-key'),
  ).action(
    app.action<OutputFlags & { url: string; template?: string; receiverKey?: string }>(async (s, [company, event], o) => {
      const client = await s.client();
      let template: string | Record<string, unknown> | undefined;
      if (o.template !== undefined) {
        // A JSON object is sent as an object template; any other text as a string template,
        // which the server checks is JSON once its placeholders stand for values.
        const text = await textArg(s.ctx, o.template.trim());
        template = jsonObjectOf(text) ?? text;
      }
      const body = await client.admin.webhooks.set(
        company!,
        event as WebhookEvent,
        { url: o.url, ...(template !== undefined ? { template: template as string } : {}), ...(o.receiverKey ? { api_key: o.receiverKey } : {}) },
        { signal: s.signal },
      );
      await show(s, o, body);
    }),
  );
  outputOptions(webhooks.command('delete').description('remove the webhook of an event').argument('<company>', 'company_id').argument('<event>', 'event').option('-y, --yes', 'do not ask for confirmation')).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, [company, event], o) => {
      const client = await s.client();
      if (!(await s.confirm(`Remove the ${event} webhook of ${company}?`, o.yes))) return EXIT.FAILURE;
      await client.admin.webhooks.delete(company!, event as WebhookEvent, { signal: s.signal });
      await show(s, o, { company_id: company, event, deleted: true });
    }),
  );
  registerWebhookSecurity(webhooks, app, EVENTS);

  outputOptions(
    admin
      .command('deliveries')
      .description('webhook delivery attempts of a company, newest first')
      .argument('<company>', 'company_id')
      .addOption(new Option('--event <event>', 'only this event').choices(EVENTS))
      .option('--case <case_id>', 'only this case'),
    { list: true },
  ).action(
    app.action<OutputFlags & { event?: string; case?: string }>(async (s, [company], o) => {
      const client = await s.client();
      const body = await client.admin.deliveries.list(company!, { ...(o.event ? { event: o.event as WebhookEvent } : {}), ...(o.case ? { case_id: o.case } : {}) }, { signal: s.signal });
      if (o.ndjson) return void (await s.ndjson(body.data));
      if (o.json) return void (await s.json(body));
      await s.out(renderRecords(s.style, body.data, ['delivery_id', 'created_at', 'event', 'case_id', 'status_code', 'ok', 'duration_ms', 'error', 'url']));
    }),
  );

  const fixtures = admin.command('fixtures').description('sandbox fixtures: what a sandbox source answers for a key');
  outputOptions(
    fixtures
      .command('set')
      .description('store the outcome a sandbox source answers for a key')
      .addArgument(new Argument('<source>', 'sandbox source').choices(SOURCES))
      .argument('<key>', 'e.g. a plate, PLATE:ENTITY, a VIN, a CURP')
      .argument('<outcome>', 'JSON object or @file, e.g. \'{"result": {...}, "delay_ms": 2000}\''),
  ).action(
    app.action<OutputFlags>(async (s, [source, key, outcome], o) => {
      const client = await s.client();
      const body = await client.admin.fixtures.set(source as SandboxSource, key!, (await jsonObjectArg(s.ctx, outcome!, 'outcome')) as never, { signal: s.signal });
      await show(s, o, body);
    }),
  );
  outputOptions(fixtures.command('list').description('every stored fixture'), { list: true }).action(
    app.action<OutputFlags>(async (s, _a, o) => {
      const client = await s.client();
      const body = await client.admin.fixtures.list({ signal: s.signal });
      if (o.ndjson) return void (await s.ndjson(body.data));
      if (o.json) return void (await s.json(body));
      await s.out(renderRecords(s.style, body.data, ['source', 'key', 'outcome']));
    }),
  );
  outputOptions(fixtures.command('clear').description('remove every fixture').option('-y, --yes', 'do not ask for confirmation')).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, _a, o) => {
      const client = await s.client();
      if (!(await s.confirm('Remove every sandbox fixture?', o.yes))) return EXIT.FAILURE;
      await client.admin.fixtures.clear({ signal: s.signal });
      await show(s, o, { cleared: true });
    }),
  );

  registerJobs(admin, app);
}
