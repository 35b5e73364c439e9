import { describe, expectTypeOf, it } from 'vitest';
import {
  type APIError,
  NotFoundError,
  type Page,
  Vcase,
  type WaitTimeoutError,
  type CaseDetail,
  type CaseListItem,
  type CreateCaseResponse,
  type RapiResponse,
  type RequestOptions,
  type TicketsResponse,
  type UploadDocumentResponse,
  type WaitOptions,
} from '../src/index.js';
import type { inferRouterInputs } from '@trpc/server';
import { createVcaseTrpcClient, type AppRouter } from '../src/trpc.js';

/**
 * Compile-time checks (run by `tsc --noEmit`): the public API types what an integrator
 * writes, with no casts. The code is type-checked only: `typed` never calls it.
 */
const typed = (code: () => unknown) => () => expectTypeOf(code).toBeFunction();
describe('public types', () => {
  const vcase = new Vcase({ baseURL: 'http://localhost:3000', token: 't' });

  it(
    'cases',
    typed(async () => {
      expectTypeOf(vcase.cases.create).parameter(0).toEqualTypeOf<{
        internal_id: string;
        status: string;
        vehicle_origin?: 'Nacional' | 'Importado' | null | undefined;
        initial_status?: string | null | undefined;
        use_case?: string | null | undefined;
        metadata?: Record<string, unknown> | null | undefined;
        files?: { url: string; mime_type: string; document_type?: string | null | undefined }[] | null | undefined;
      }>();
      expectTypeOf(vcase.cases.create({ internal_id: 'EXP-1', status: 'nuevo' })).resolves.toEqualTypeOf<CreateCaseResponse>();
      expectTypeOf(vcase.cases.get('id')).resolves.toEqualTypeOf<CaseDetail>();
      expectTypeOf(vcase.cases.get('id')).resolves.toHaveProperty('files');
      expectTypeOf(vcase.cases.list({ limit: 50, internal_id: 'EXP' })).resolves.toEqualTypeOf<Page<CaseListItem>>();
      expectTypeOf<Parameters<typeof vcase.cases.list>[0]>().toEqualTypeOf<
        | { limit?: number; offset?: number; internal_id?: string | undefined; vin?: string | undefined; case_type?: string | undefined }
        | undefined
      >();
      // @ts-expect-error limit is a number, not any string
      void vcase.cases.list({ limit: 'ten' });
      // @ts-expect-error internal_id is required
      void vcase.cases.create({ status: 'nuevo' });
    }),
  );

  it(
    'for await over a list yields items',
    typed(async () => {
      for await (const c of vcase.cases.list()) {
        expectTypeOf(c).toEqualTypeOf<CaseListItem>();
        expectTypeOf(c.case_id).toBeString();
        expectTypeOf(c.review_status).toEqualTypeOf<string | null>();
      }
      const page = await vcase.cases.list();
      expectTypeOf(page.data).toEqualTypeOf<CaseListItem[]>();
      expectTypeOf(page.pagination.has_more).toBeBoolean();
      expectTypeOf(page.getNextPage()).resolves.toEqualTypeOf<Page<CaseListItem>>();
    }),
  );

  it(
    'lookups, waits and their options',
    typed(async () => {
      expectTypeOf(vcase.cases.rapi('id')).resolves.toEqualTypeOf<RapiResponse>();
      expectTypeOf(vcase.cases.runRapi('id')).resolves.toEqualTypeOf<RapiResponse>();
      expectTypeOf(vcase.cases.waitForTickets('id')).resolves.toEqualTypeOf<TicketsResponse>();
      expectTypeOf(vcase.cases.waitForTickets).parameter(1).toEqualTypeOf<WaitOptions<TicketsResponse> | undefined>();
      void vcase.cases.waitForRapi('id', {
        timeoutMs: 60_000,
        intervalMs: 500,
        onProgress: (s) => expectTypeOf(s.status).toEqualTypeOf<'pending' | 'processing' | 'completed' | 'error'>(),
      });
      expectTypeOf(vcase.cases.status).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    }),
  );

  it(
    'uploads accept paths, bytes, streams and URLs',
    typed(async () => {
      expectTypeOf(vcase.documents.upload({ case_id: 'c', file: './factura.pdf' })).resolves.toEqualTypeOf<UploadDocumentResponse>();
      void vcase.documents.upload({ case_id: 'c', file: Buffer.from(''), filename: 'a.pdf' });
      void vcase.documents.upload({ case_id: 'c', file: new URL('https://x/a.pdf') });
      void vcase.documents.upload({ case_id: 'c', file: new Uint8Array(), mime_type: 'application/pdf' }, { idempotencyKey: 'row-1' });
      // @ts-expect-error a number is not a file
      void vcase.documents.upload({ case_id: 'c', file: 42 });
    }),
  );

  it(
    'errors narrow by their class',
    typed(async () => {
      const e: unknown = null;
      if (e instanceof NotFoundError) {
        expectTypeOf(e.status).toEqualTypeOf<number | undefined>();
        expectTypeOf(e.code).toEqualTypeOf<string | null>();
        expectTypeOf(e.requestId).toEqualTypeOf<string | undefined>();
        expectTypeOf(e).toMatchTypeOf<APIError>();
      }
      expectTypeOf<WaitTimeoutError<RapiResponse>['snapshot']>().toEqualTypeOf<RapiResponse | undefined>();
    }),
  );

  it(
    'admin',
    typed(async () => {
      expectTypeOf(vcase.admin.companies.create({ name: 'Norte' }))
        .resolves.toHaveProperty('company_id')
        .toBeString();
      expectTypeOf(vcase.admin.apiKeys.revoke('k')).resolves.toBeVoid();
      // @ts-expect-error not a webhook event of the contract
      void vcase.admin.webhooks.set('c', 'case-created', { url: 'https://x' });
    }),
  );

  it(
    'tRPC client is typed by the server router',
    typed(async () => {
      const trpc = createVcaseTrpcClient({ baseURL: 'http://localhost:3000', token: 't' });
      expectTypeOf(trpc.listCases.query).toBeFunction();
      expectTypeOf(trpc.getCase.query({ case_id: 'x' })).resolves.toHaveProperty('files');
      expectTypeOf(trpc.createCompany.mutate).toBeFunction();
    }),
  );

  it(
    'tRPC inputs are as precise as their REST twins',
    typed(async () => {
      const trpc = createVcaseTrpcClient({ baseURL: 'http://localhost:3000', token: 't' });
      // @ts-expect-error limit is a number, as on REST (vcase.cases.list)
      void trpc.listCases.query({ limit: 'ten' });
      // @ts-expect-error offset is a number, as on REST (vcase.documents.list)
      void trpc.listDocuments.query({ offset: 'next' });
      type SdkLimit = NonNullable<Parameters<typeof vcase.cases.list>[0]>['limit'];
      expectTypeOf<inferRouterInputs<AppRouter>['listCases']['limit']>().toEqualTypeOf<SdkLimit>();
      expectTypeOf<inferRouterInputs<AppRouter>['listDocuments']['offset']>().toEqualTypeOf<number | undefined>();
      // No declared field of any procedure is left `unknown` (JSON objects' own keys aside).
      type In = inferRouterInputs<AppRouter>;
      type Declared<T> = keyof { [K in keyof T as string extends K ? never : K]: 0 };
      type UnknownFields<T> = { [K in Declared<T>]-?: unknown extends T[K & keyof T] ? K : never }[Declared<T>];
      expectTypeOf<{ [P in keyof In]: UnknownFields<In[P]> }[keyof In]>().toEqualTypeOf<never>();
    }),
  );
});
