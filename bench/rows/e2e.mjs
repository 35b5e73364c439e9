// End to end: N documents (half text-layer PDFs, half CFDI XMLs, all distinct) uploaded
// through POST /v1/documents without a type, then OCR'd, classified and extracted by the
// server's own workers (default 4, sandbox latency 0). Reported: documents per second from
// the first upload to the last document processed, and the server's CPU time per document.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { vinCheckDigit } from '@vcase/shared';
import { cpuSeconds } from '../lib/proc.mjs';
import { notMeasured, reportRow } from '../lib/report.mjs';
import { openSqlite } from '../lib/seed.mjs';
import { createCredentials, freshStateDir, ROOT, startVcaseServer } from '../lib/servers.mjs';

export const SPECS = {
  rate: {
    id: 'e2e.docs_per_s',
    what: 'end to end: 500 uploaded PDFs/XMLs processed (OCR + extraction), docs/s',
    reference: 'none (report)',
    target: null,
  },
  cpu: {
    id: 'e2e.cpu_per_doc',
    what: 'end to end: server CPU per document (upload + OCR + extraction)',
    reference: 'none (report)',
    target: null,
  },
};

const ENTITY_NAMES = ['ESTADO DE MEXICO', 'JALISCO', 'CIUDAD DE MEXICO', 'NUEVO LEON'];

/** A VIN with a valid check digit (position 9), distinct per `i`. */
export function vinFor(i) {
  const serial = String(100000 + (i % 900000)).slice(-6);
  const vin = `3N1CN8AE0RK${serial}`;
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

async function pdfLib() {
  const require = createRequire(path.join(ROOT, 'packages/server/package.json'));
  try {
    return await import(pathToFileURL(require.resolve('pdf-lib')).href);
  } catch {
    return import('pdf-lib');
  }
}

/** A tarjeta de circulación with a text layer, as a state portal prints it. */
async function tarjetaPdf(lib, i) {
  const { PDFDocument, StandardFonts } = lib;
  const name = ENTITY_NAMES[i % ENTITY_NAMES.length];
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = [
    `GOBIERNO DEL ${name}`,
    'TARJETA DE CIRCULACION',
    `PLACA: ${String.fromCharCode(65 + (i % 26))}XA-${String(i % 100).padStart(2, '0')}-${String(i % 97).padStart(2, '0')}`,
    `ENTIDAD: ${name}`,
    `NIV: ${vinFor(i)}`,
    `NUMERO DE MOTOR: HR16${String(100000 + i)}X`,
    'MARCA: NISSAN   MODELO: VERSA   ANO MODELO: 2024',
    `PROPIETARIO: JUAN PEREZ LOPEZ ${i}`,
    `FOLIO: TC-2024-${String(i).padStart(7, '0')}`,
    `FECHA DE EXPEDICION: ${String(1 + (i % 28)).padStart(2, '0')}/03/2024`,
  ];
  lines.forEach((line, k) => page.drawText(line, { x: 50, y: 730 - k * 20, size: 11, font }));
  return Buffer.from(await doc.save());
}

/** A CFDI 4.0 vehicle invoice (ventavehiculos complement), distinct UUID and VIN. */
function facturaXml(i) {
  const uuid = `6f1c2b3a-4d5e-4f60-8a7b-${String(i).padStart(12, '0')}`;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:ventavehiculos="http://www.sat.gob.mx/ventavehiculos" \
xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Serie="AV" Folio="${10000 + i}" Fecha="2024-03-12T10:15:30" \
SubTotal="350000.00" Moneda="MXN" Total="406000.00" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="54060">
  <cfdi:Emisor Rfc="AVM9203175R5" Nombre="AUTOMOTRIZ VALLE DE MEXICO" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="PELJ800101A14" Nombre="JUAN PEREZ LOPEZ" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="605" UsoCFDI="G01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="25101503" Cantidad="1" ClaveUnidad="H87" \
Descripcion="AUTOMOVIL NUEVO MARCA NISSAN TIPO VERSA SENSE MODELO 2024 MOTOR HR16${100000 + i}X" ValorUnitario="350000.00" \
Importe="350000.00" ObjetoImp="02">
      <cfdi:ComplementoConcepto>
        <ventavehiculos:VentaVehiculos version="1.1" ClaveVehicular="1040501" Niv="${vinFor(i)}"/>
      </cfdi:ComplementoConcepto>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="${uuid}" FechaTimbrado="2024-03-12T10:16:02" RfcProvCertif="SAT970701NN3" SelloCFD="xyz" \
NoCertificadoSAT="00001000000505211329" SelloSAT="abc"/>
  </cfdi:Complemento>
</cfdi:Comprobante>
`);
}

async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

export async function run(cfg, _seeded, log) {
  const n = cfg.e2eDocs;
  const rateSpec = { ...SPECS.rate, what: `end to end: ${n} uploaded PDFs/XMLs processed (OCR + extraction), docs/s` };
  const lib = await pdfLib();
  const docs = [];
  for (let i = 0; i < n; i++) {
    docs.push(
      i % 2 === 0 ? { mime: 'application/pdf', bytes: await tarjetaPdf(lib, i) } : { mime: 'application/xml', bytes: facturaXml(i) },
    );
  }
  const server = await startVcaseServer(freshStateDir('e2e'), { env: cfg.serverEnv });
  const db = openSqlite(server.dbPath, { readonly: true, fileMustExist: true });
  try {
    const creds = await createCredentials(server, 'E2E bench');
    const perCase = 10;
    const caseIds = [];
    for (let c = 0; c < Math.ceil(n / perCase); c++) {
      caseIds.push((await creds.api('POST', '/v1/cases', { internal_id: `BENCH-E2E-${c}`, status: 'nuevo' })).case_id);
    }
    const bodies = docs.map((d, i) => ({
      case_id: caseIds[Math.floor(i / perCase)],
      mime_type: d.mime,
      base64: d.bytes.toString('base64'),
    }));
    const counts = db.prepare(
      `select count(*) as done, sum(case when status = 'error' then 1 else 0 end) as failed
       from documents where company_id = ? and status in ('processed', 'error')`,
    );
    const cpu0 = cpuSeconds(server.pid);
    const t0 = process.hrtime.bigint();
    await pool(bodies, 8, (body) => creds.api('POST', '/v1/documents', body));
    const uploadS = Number(process.hrtime.bigint() - t0) / 1e9;
    const deadline = Date.now() + cfg.e2eTimeoutS * 1000;
    let state = counts.get(creds.companyId);
    while (state.done < n && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      state = counts.get(creds.companyId);
    }
    const totalS = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu1 = cpuSeconds(server.pid);
    const done = state.done;
    const types = db
      .prepare(`select coalesce(type, 'null') as type, count(*) as n from documents where company_id = ? group by type order by n desc`)
      .all(creds.companyId);
    const latencies = db
      .prepare(
        'select (julianday(processed_at) - julianday(created_at)) * 86400000 as ms from documents ' +
          'where company_id = ? and processed_at is not null order by ms',
      )
      .all(creds.companyId)
      .map((r) => r.ms);
    const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : null);
    log(
      `  ${done}/${n} processed (${state.failed ?? 0} error) in ${totalS.toFixed(1)} s (uploads ${uploadS.toFixed(1)} s); ` +
        `types ${types.map((t) => `${t.type}×${t.n}`).join(', ')}`,
    );
    const notes = [];
    if (done < n) notes.push(`only ${done}/${n} processed within ${cfg.e2eTimeoutS} s`);
    if (state.failed) notes.push(`${state.failed} documents ended in error`);
    const cpuPerDoc = cpu0 !== null && cpu1 !== null && done > 0 ? ((cpu1 - cpu0) * 1000) / done : null;
    const details = {
      documents: n,
      processed: done,
      errors: state.failed ?? 0,
      seconds: totalS,
      upload_seconds: uploadS,
      workers: 4,
      types: Object.fromEntries(types.map((t) => [t.type, t.n])),
      upload_to_processed_ms_p50: pct(50),
      upload_to_processed_ms_p95: pct(95),
      server_cpu_seconds: cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null,
    };
    return [
      reportRow(rateSpec, { value: done / totalS, unit: 'docs/s', note: notes.join('; ') || null, details }),
      cpuPerDoc === null
        ? notMeasured(SPECS.cpu, 'process CPU time is read from /proc (Linux only)')
        : reportRow(SPECS.cpu, {
            value: cpuPerDoc,
            unit: 'ms CPU/doc',
            details: { server_cpu_seconds: details.server_cpu_seconds, documents: done },
          }),
    ];
  } finally {
    db.close();
    await server.stop();
  }
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
