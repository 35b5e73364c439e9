import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVcaseTrpcClient } from '../src/trpc.js';
import { ADMIN_TOKEN, createTenant, startTestServer, type Tenant, type TestServer } from '../../server/test/helpers/testServer.js';
import { madeBy } from './helpers/madeBy.js';

let t: TestServer;
let baseURL: string;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestServer();
  baseURL = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await createTenant(t);
});

afterAll(async () => {
  await t?.close();
});

describe('@vcase/sdk/trpc', () => {
  it('calls the case procedures with the bearer token', async () => {
    const trpc = createVcaseTrpcClient({ baseURL, token: tenant.token });
    const created = await trpc.createCase.mutate({ internal_id: 'TRPC-1', status: 'nuevo' });
    expect(created).toMatchObject({ case_id: expect.any(String), status: 'completed' });
    const page = await trpc.listCases.query({ limit: 5 });
    expect(page.data.map((c) => c.case_id)).toContain(created.case_id);
    const detail = await trpc.getCase.query({ case_id: created.case_id });
    expect(detail.internal_id).toBe('TRPC-1');
  });

  it('calls made together go in batches the server takes', async () => {
    const trpc = createVcaseTrpcClient({ baseURL, token: tenant.token });
    const pages = await Promise.all(Array.from({ length: 25 }, () => trpc.listCases.query({ limit: 1 })));
    expect(pages).toHaveLength(25);
  });

  it('admin procedures take the admin token', async () => {
    const trpc = createVcaseTrpcClient({ baseURL, token: ADMIN_TOKEN });
    const company = await trpc.createCompany.mutate({ name: 'Por tRPC' });
    expect(company.name).toBe('Por tRPC');
  });

  it('errors carry the HTTP status and the contract code', async () => {
    const trpc = createVcaseTrpcClient({ baseURL, token: tenant.token });
    const error = await trpc.createCase.mutate({ internal_id: 'TRPC-2', status: 'inventado' }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(TRPCClientError));
    expect((error as TRPCClientError<never>).data).toMatchObject({ httpStatus: 422, contractCode: 'INVALID_STATUS' });

    const anonymous = createVcaseTrpcClient({ baseURL, token: 'bad' });
    const denied = await anonymous.listCases.query({}).catch((e: unknown) => e);
    expect((denied as TRPCClientError<never>).data).toMatchObject({ httpStatus: 401 });
  });

  it('uses an injected fetch', async () => {
    const urls: string[] = [];
    const trpc = createVcaseTrpcClient({
      baseURL: `${baseURL}/`,
      token: tenant.token,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    await trpc.listCases.query({ limit: 1 });
    expect(urls[0]).toMatch(new RegExp(`^${baseURL}/trpc/listCases\\?batch=1`));
  });
});
