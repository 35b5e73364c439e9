// Create a case, upload the sample documents, process them and print what was found.
// Env: VCASE_BASE_URL, VCASE_TOKEN, VCASE_API_KEY (a local server writes them to .vcase/credentials.json).
import path from 'node:path';
import { Vcase } from '@vcase/sdk';

const vcase = new Vcase();
const docs = path.join(path.dirname(new URL(import.meta.url).pathname), 'documents');

const { case_id } = await vcase.cases.create({ internal_id: `QS-${Date.now()}`, status: 'processing' });
for (const file of ['factura.xml', 'tarjeta-circulacion.pdf', 'tenencia-2025.pdf', 'curp.pdf']) {
  await vcase.documents.upload({ case_id, file: path.join(docs, file) });
}
const status = await vcase.cases.runCaseProcessing(case_id, { timeoutMs: 60_000 });
const vins = await vcase.cases.vins(case_id);
const plates = await vcase.cases.plates(case_id);
console.log(
  JSON.stringify({
    case_id,
    processing: status.status,
    primary_vin: vins.primary_vin,
    plates: plates.plates.map((p) => `${p.plate} (${p.entity})`),
  }),
);
