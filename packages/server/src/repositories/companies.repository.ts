import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/createDatabase.js';
import type { CompaniesTable, Database, UseCasesTable } from '../db/database.js';

export type CompanyRow = Selectable<CompaniesTable>;
export type UseCaseRow = Selectable<UseCasesTable>;

export async function insertCompany(db: Kysely<Database>, row: CompanyRow, useCases: UseCaseRow[]) {
  await db.insertInto('companies').values(row).execute();
  if (useCases.length) await db.insertInto('use_cases').values(useCases).execute();
}

export function findCompany(db: Kysely<Database>, id: string) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUseCases(db: Kysely<Database>, companyId: string) {
  return db.selectFrom('use_cases').selectAll().where('company_id', '=', companyId).orderBy('created_at').orderBy('id').execute();
}

export function findUseCase(db: Kysely<Database>, companyId: string, useCaseId: string) {
  return db.selectFrom('use_cases').selectAll().where('company_id', '=', companyId).where('id', '=', useCaseId).executeTakeFirst();
}

/** Like `lockCase`, on the company's row: its transactions that hold it take turns (PostgreSQL). */
export async function lockCompany(db: Kysely<Database>, dialect: Dialect, companyId: string) {
  if (dialect === 'postgres') await db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
}

export async function countCompanies(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
