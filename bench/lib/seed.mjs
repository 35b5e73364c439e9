// Seed data for the bench rows: a case with N plates whose tickets and tenencia lookups have
// answered (through the public API, sandbox latency 0), and bulk cases written straight into
// the SQLite file (valid rows of the `cases` table, packages/server/src/db/migrations).
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCredentials, freshStateDir, ROOT, startVcaseServer, waitUntil } from './servers.mjs';

const requireFromServer = createRequire(path.join(ROOT, 'packages/server/package.json'));

/** better-sqlite3, the server's own copy. */
export function openSqlite(file, opts) {
  const Database = requireFromServer('better-sqlite3');
  const db = new Database(file, opts);
  db.pragma('busy_timeout = 10000');
  return db;
}

/** A VIN whose check digit is valid (the examples' vehicle). */
export const CASE_VIN = '3N1CN8AE5RK812345';
const ENTITIES = ['MEX', 'JAL', 'CMX', 'NLE', 'PUE', 'QUE', 'MEX', 'GUA'];

/** The parsed_data of the i-th plate document of a rich case. */
function plateDocument(i) {
  const plate = `B${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${String(1000 + i).slice(-4)}`;
  const entidad = ENTITIES[i % ENTITIES.length];
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (i % 12)).padStart(2, '0');
  const year = 2015 + (i % 10);
  const isReceipt = i % 3 === 2;
  const parsed_data = { placa: plate, entidad, vin: CASE_VIN, fecha_documento: `${day}/${month}/${year}` };
  if (isReceipt) {
    Object.assign(parsed_data, {
      ejercicio_fiscal: [year, year + 1],
      fecha_pago: `${day}/${month}/${year}`,
      total: 1500 + i,
    });
  }
  return { type: isReceipt ? 'tax_payment' : 'certificate_title', parsed_data };
}

/**
 * A case with `plates` processed plate documents (certificate_title / tax_payment with
 * `{placa, entidad, vin, fecha_documento}`), plates computed, previous-plate lookups done,
 * and tickets + tenencia lookups started and answered. Returns the case id.
 */
export async function seedRichCase(creds, { plates = 20, internalId = `BENCH-RICH-${Date.now()}` } = {}) {
  const { api } = creds;
  const created = await api('POST', '/v1/cases', { internal_id: internalId, status: 'nuevo' });
  const caseId = created.case_id;
  for (let i = 0; i < plates; i++) {
    const { type, parsed_data } = plateDocument(i);
    const doc = await api('POST', '/v1/documents', {
      case_id: caseId,
      mime_type: 'application/pdf',
      base64: randomBytes(256).toString('base64'),
      type,
    });
    await api('PATCH', `/v1/documents/${doc.document_id}/ocr`, { parsed_data, type });
  }
  await api('POST', `/v1/cases/${caseId}/plates`);
  await waitUntil(
    async () => {
      const p = await api('GET', `/v1/cases/${caseId}/plates`);
      return p.plates.every((x) => x.previous_plate_lookup_status !== 'pending');
    },
    { what: 'previous-plate lookups' },
  );
  await api('POST', `/v1/cases/${caseId}/tickets`);
  await api('POST', `/v1/cases/${caseId}/taxes`);
  await waitUntil(
    async () => {
      const [t, x] = await Promise.all([api('GET', `/v1/cases/${caseId}/tickets`), api('GET', `/v1/cases/${caseId}/taxes`)]);
      const ticketsDone = t.status === 'completed' && t.result.every((r) => r.status !== 'processing');
      return ticketsDone && x.main_tax.status === 'completed' && x.taxes.status === 'completed';
    },
    { what: 'tickets and tenencia lookups', timeoutMs: 120_000 },
  );
  return caseId;
}

/**
 * `n` active cases of the company written in one transaction into the server's SQLite file
 * (WAL: the running server sees them at once). created_at spreads over the past `n` minutes.
 */
export function seedBulkCases(dbPath, { companyId, userId, n }) {
  const db = openSqlite(dbPath);
  try {
    const insert = db.prepare(
      `insert into cases (id, company_id, internal_id, status, review_status, vehicle_origin, use_case_id,
        user_id_added_by, created_by, assigned_to, active, created_at, updated_at, plates_computed_at)
       values (?, ?, ?, 'nuevo', 'sin_documentos', 'Nacional', null, ?, ?, null, 1, ?, ?, null)`,
    );
    const base = Date.now() - n * 60_000 - 3_600_000;
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const at = new Date(base + i * 60_000).toISOString();
        insert.run(randomUUID(), companyId, `BULK-${String(i).padStart(6, '0')}`, userId, userId, at, at);
      }
    })();
    return db.prepare('select count(*) as n from cases where company_id = ?').get(companyId).n;
  } finally {
    db.close();
  }
}

/**
 * The database the HTTP and memory rows read: a company with credentials, one case with
 * `plates` plates and answered lookups, an empty case that receives uploads, and `bulkCases`
 * more cases. Seeded through a server with workers (the lookups run), which is then stopped.
 */
export async function prepareSeededState(cfg, log) {
  const stateDir = freshStateDir('seeded');
  const server = await startVcaseServer(stateDir, { workers: 4, env: cfg.serverEnv });
  try {
    const started = Date.now();
    const creds = await createCredentials(server);
    const total = seedBulkCases(server.dbPath, { companyId: creds.companyId, userId: creds.userId, n: cfg.bulkCases });
    const caseId = await seedRichCase(creds, { plates: cfg.richPlates });
    const upload = await creds.api('POST', '/v1/cases', { internal_id: 'BENCH-UPLOADS', status: 'nuevo' });
    const tickets = await creds.api('GET', `/v1/cases/${caseId}/tickets`);
    const taxes = await creds.api('GET', `/v1/cases/${caseId}/taxes`);
    log(
      `  seeded in ${Date.now() - started} ms: ${total + 2} cases; rich case ${cfg.richPlates} plates → ` +
        `${tickets.result.length} ticket rows, ${taxes.main_tax.result.length + taxes.taxes.result.length} tenencia rows`,
    );
    return {
      stateDir,
      creds,
      caseId,
      uploadCaseId: upload.case_id,
      shape: {
        cases: total + 2,
        ticket_rows: tickets.result.length,
        tenencia_rows: taxes.main_tax.result.length + taxes.taxes.result.length,
        tickets_bytes: JSON.stringify(tickets).length,
        taxes_bytes: JSON.stringify(taxes).length,
      },
    };
  } finally {
    await server.stop();
  }
}
