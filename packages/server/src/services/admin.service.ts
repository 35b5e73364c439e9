import { randomBytes } from 'node:crypto';
import { DEFAULT_STATUS_CATALOG, type ApiKey, type Company, type CreateCompanyBody, type CreateUserBody, type User } from '@vcase/shared';
import { generateApiKey, hashSecret } from '../auth/apiKeys.js';
import type { ServerContext } from '../context.js';
import { fromJson, toJson } from '../db/json.js';
import { HttpError, validationError } from '../errors.js';
import { insertApiKey, revokeApiKey } from '../repositories/apiKeys.repository.js';
import { findCompany, insertCompany, listUseCases, type CompanyRow } from '../repositories/companies.repository.js';
import { insertUser, lockPid, pidExists } from '../repositories/users.repository.js';

async function toCompany(ctx: ServerContext, row: CompanyRow): Promise<Company> {
  const useCases = await listUseCases(ctx.db, row.id);
  return {
    company_id: row.id,
    name: row.name,
    status_catalog: fromJson<string[]>(row.status_catalog, []),
    use_cases: useCases.map((u) => ({ use_case_id: u.id, name: u.name })),
  };
}

export async function createCompany(ctx: ServerContext, body: CreateCompanyBody): Promise<Company> {
  const now = ctx.clock.now().toISOString();
  const row: CompanyRow = {
    id: ctx.ids(),
    name: body.name.trim(),
    status_catalog: toJson(body.status_catalog ?? [...DEFAULT_STATUS_CATALOG]),
    created_at: now,
  };
  const useCases = (body.use_cases ?? []).map((u) => ({
    id: ctx.ids(),
    company_id: row.id,
    name: u.name.trim(),
    created_at: ctx.clock.now().toISOString(),
  }));
  await ctx.db.transaction().execute((trx) => insertCompany(trx, row, useCases));
  return toCompany(ctx, row);
}

async function requireCompanyRow(ctx: ServerContext, companyId: string) {
  const row = await findCompany(ctx.db, companyId);
  if (!row) throw HttpError.of('RESOURCE_NOT_FOUND', 'Compañía no encontrada');
  return row;
}

export async function getCompany(ctx: ServerContext, companyId: string) {
  return toCompany(ctx, await requireCompanyRow(ctx, companyId));
}

/** `pid` omitted → generated; `pid: null` → a user without a profile pid (operator-surface §2). */
export async function createUser(ctx: ServerContext, companyId: string, body: CreateUserBody): Promise<User> {
  await requireCompanyRow(ctx, companyId);
  let pid: string | null;
  // 64 random bits: ids begin with their time, so a slice of one would repeat within a millisecond.
  if (body.pid === undefined) pid = `pid_${randomBytes(8).toString('hex')}`;
  else pid = body.pid;
  const row = {
    id: ctx.ids(),
    company_id: companyId,
    pid,
    name: body.name ?? null,
    email: body.email ?? null,
    created_at: ctx.clock.now().toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    // Checked in the transaction that inserts, so two creates of one pid sent together cannot both pass.
    if (pid !== null) {
      await lockPid(trx, ctx.dialect, pid);
      if (await pidExists(trx, pid)) throw validationError(`El pid '${pid}' ya existe`);
    }
    await insertUser(trx, row);
  });
  return { user_id: row.id, pid: row.pid, name: row.name, email: row.email, company_id: companyId };
}

export async function createApiKey(ctx: ServerContext, companyId: string, name?: string): Promise<ApiKey> {
  await requireCompanyRow(ctx, companyId);
  const apiKey = generateApiKey();
  const row = {
    id: ctx.ids(),
    company_id: companyId,
    name: name ?? null,
    key_hash: hashSecret(apiKey),
    created_at: ctx.clock.now().toISOString(),
    revoked_at: null,
  };
  await insertApiKey(ctx.db, row);
  return { key_id: row.id, api_key: apiKey };
}

export async function deleteApiKey(ctx: ServerContext, keyId: string) {
  const revoked = await revokeApiKey(ctx.db, keyId, ctx.clock.now().toISOString());
  if (!revoked) throw HttpError.of('RESOURCE_NOT_FOUND', 'API key no encontrada');
}

export { requireCompanyRow };
