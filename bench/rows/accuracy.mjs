// Accuracy of the document pipeline on the project's corpus (packages/corpus): every document
// is read by the built server's `processDocument` with `defaultEngines()` and scored against
// its expected.json (bench/lib/accuracy.mjs): fields right / fields expected, spurious values
// (a key the document does not hold, or a VIN / RFC / UUID that is not the document's), and
// the document type. Rows per family and per scan format; targets on XML (100 %), text PDFs
// (≥ 98 %), 200 dpi scans (≥ 95 %) and spurious values (0). The worst misses go to stderr.
// OCR speed: the pipeline on one 200 dpi page (PNG and image-only PDF) vs bare recognize.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scoreDocument, tally } from '../lib/accuracy.mjs';
import { preparedCorpus } from '../lib/corpus.mjs';
import { ocrTimes } from '../lib/ocrSpeed.mjs';
import { limitRow, notMeasured, ratioRow } from '../lib/report.mjs';
import { ROOT } from '../lib/servers.mjs';

const FAMILIES = ['cfdi_xml', 'cfdi_pdf', 'cfdi_scan', 'tarjeta', 'ine', 'tenencia'];
const SCAN_FORMATS = ['png', 'jpeg', 'tiff_g4', 'tiff_lzw8', 'tiff_16a', 'pdf_image'];

export const SPECS = {
  xml: {
    id: 'accuracy.cfdi_xml',
    what: 'accuracy: CFDI XML, fields right / expected',
    reference: 'fields expected',
    target: { op: '>=', value: 1 },
  },
  textPdf: {
    id: 'accuracy.text_pdf',
    what: 'accuracy: text-layer PDFs (all families), fields right',
    reference: 'fields expected',
    target: { op: '>=', value: 0.98 },
  },
  scan200: {
    id: 'accuracy.scan_200dpi',
    what: 'accuracy: 200 dpi scans (all families), fields right',
    reference: 'fields expected',
    target: { op: '>=', value: 0.95 },
  },
  spurious: {
    id: 'accuracy.spurious',
    what: 'accuracy: spurious values, all documents',
    reference: 'none',
    target: { op: '<=', value: 0 },
  },
  type: { id: 'accuracy.type', what: 'accuracy: document type right / documents', reference: 'documents', target: null },
  ...Object.fromEntries(
    FAMILIES.map((f) => [
      `family_${f}`,
      { id: `accuracy.family.${f}`, what: `accuracy: ${f}, fields right / expected`, reference: 'fields expected', target: null },
    ]),
  ),
  ...Object.fromEntries(
    SCAN_FORMATS.map((f) => [
      `scan_${f}`,
      { id: `accuracy.scan.${f}`, what: `accuracy: scans as ${f}, fields right / expected`, reference: 'fields expected', target: null },
    ]),
  ),
  ocrPng: {
    id: 'accuracy.ocr_speed',
    what: 'OCR: pipeline on a 200 dpi scanned page (PNG) vs bare recognize',
    reference: 'tesseract.js recognize, same image',
    target: { op: '<=', value: 1.3 },
  },
  ocrPdf: {
    id: 'accuracy.ocr_speed_pdf',
    what: 'OCR: the same page as an image-only PDF vs bare recognize',
    reference: 'tesseract.js recognize, same image',
    target: { op: '<=', value: 1.3 },
  },
};

async function serverPipeline() {
  const mod = await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/index.js')).href);
  if (typeof mod.processDocument !== 'function' || typeof mod.defaultEngines !== 'function')
    throw new Error('the server build exports no processDocument / defaultEngines');
  const engines = mod.defaultEngines();
  return (input) => mod.processDocument({ sha256: '', engines, ...input });
}

/** Reads every document (two at a time: OCR is CPU-bound and the machine has few cores). */
async function readAll(dir, manifest, pipeline, log) {
  const scores = new Array(manifest.documents.length);
  let next = 0;
  const t0 = Date.now();
  const worker = async () => {
    while (next < manifest.documents.length) {
      const i = next++;
      const entry = manifest.documents[i];
      const exp = JSON.parse(fs.readFileSync(path.join(dir, entry.expected), 'utf8'));
      let result = null;
      let error = null;
      try {
        // No file name: the corpus names would hint the classifier.
        result = await pipeline({ bytes: fs.readFileSync(path.join(dir, entry.file)), mime: entry.mime });
      } catch (err) {
        error = String(err?.message ?? err);
      }
      scores[i] = { file: entry.file, exp, error, ...scoreDocument(exp, result) };
    }
  };
  await Promise.all([worker(), worker()]);
  log(`  ${manifest.documents.length} documents read in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return scores;
}

function fieldsRow(spec, scores, extra = {}) {
  const t = tally(scores);
  const note = `${t.documents} docs, type ${t.type_right}/${t.documents}, spurious ${t.spurious}`;
  if (!t.expected) return notMeasured(spec, 'no documents of this kind in the corpus');
  return ratioRow(spec, {
    value: t.right,
    reference: t.expected,
    unit: 'fields',
    refLabel: 'fields expected',
    note,
    details: { ...t, ...extra },
  });
}

/** Spurious values first (every one), then misses of the targeted groups, to stderr. */
function printWorst(scores, log) {
  const spurious = scores.flatMap((s) => s.spurious.map((m) => ({ file: s.file, ...m })));
  const rank = (s) => (s.exp.family === 'cfdi_xml' ? 0 : s.exp.format === 'pdf' ? 1 : s.exp.dpi === 200 ? 2 : 3);
  const misses = [...scores].sort((a, b) => rank(a) - rank(b)).flatMap((s) => s.misses.map((m) => ({ file: s.file, ...m })));
  const line = (m) => `    ${m.file}  ${m.field}  expected ${JSON.stringify(m.expected)}  got ${JSON.stringify(m.got)}`;
  if (spurious.length) log(`  spurious values (${spurious.length}):\n${spurious.slice(0, 40).map(line).join('\n')}`);
  if (misses.length) log(`  worst misses (${misses.length} in all, first 40):\n${misses.slice(0, 40).map(line).join('\n')}`);
  const byField = {};
  for (const m of misses) byField[m.field] = (byField[m.field] ?? 0) + 1;
  if (misses.length)
    log(
      `  misses per field: ${Object.entries(byField)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  const failed = scores.filter((s) => s.error);
  if (failed.length) log(`  pipeline errors: ${failed.map((s) => `${s.file}: ${s.error}`).join('; ')}`);
  const wrongType = scores.filter((s) => !s.typeRight);
  if (wrongType.length)
    log(
      `  wrong type (${wrongType.length}): ${wrongType
        .slice(0, 20)
        .map((s) => `${s.file} → ${s.type}`)
        .join(', ')}`,
    );
}

async function speedRows(cfg, dir, manifest, pipeline, corpus, log) {
  const page = manifest.documents.find((d) => d.family === 'cfdi_scan' && d.format === 'png' && d.dpi === 200);
  if (!page)
    return [notMeasured(SPECS.ocrPng, 'no 200 dpi PNG scan in the corpus'), notMeasured(SPECS.ocrPdf, 'no 200 dpi PNG scan in the corpus')];
  const image = fs.readFileSync(path.join(dir, page.file));
  const pdf = await corpus.encodeScan(image, 'pdf_image', 200);
  const t = await ocrTimes({
    image,
    inputs: [
      { bytes: image, mime: 'image/png' },
      { bytes: pdf, mime: 'application/pdf' },
    ],
    pipeline,
    rounds: cfg.quick ? 2 : 3,
  });
  log(
    `  OCR of ${page.file}: bare recognize ${t.bare.toFixed(2)} s, ` +
      `pipeline PNG ${t.pipeline[0].toFixed(2)} s, image-only PDF ${t.pipeline[1].toFixed(2)} s`,
  );
  const details = { image: page.file, samples_s: t.samples };
  return [
    ratioRow(SPECS.ocrPng, { value: t.pipeline[0], reference: t.bare, unit: 's', details }),
    ratioRow(SPECS.ocrPdf, { value: t.pipeline[1], reference: t.bare, unit: 's', details }),
  ];
}

export async function run(cfg, _seeded, log) {
  const { dir, manifest, generatedSeconds, corpus } = await preparedCorpus({ quick: cfg.quick, log });
  const pipeline = await serverPipeline();
  const scores = await readAll(dir, manifest, pipeline, log);
  printWorst(scores, log);
  const is = (pred) => scores.filter(pred);
  const all = tally(scores);
  const rows = [
    fieldsRow(
      SPECS.xml,
      is((s) => s.exp.family === 'cfdi_xml'),
      { corpus_documents: manifest.documents.length, corpus_generated_s: generatedSeconds },
    ),
    fieldsRow(
      SPECS.textPdf,
      is((s) => s.exp.format === 'pdf'),
    ),
    fieldsRow(
      SPECS.scan200,
      is((s) => s.exp.dpi === 200),
    ),
    limitRow(SPECS.spurious, {
      value: all.spurious,
      unit: 'values',
      note: `${all.documents} documents`,
      details: { spurious: scores.flatMap((s) => s.spurious.map((m) => ({ file: s.file, ...m }))) },
    }),
    ratioRow(SPECS.type, { value: all.type_right, reference: all.documents, unit: 'docs', refLabel: 'documents' }),
    ...FAMILIES.map((f) =>
      fieldsRow(
        SPECS[`family_${f}`],
        is((s) => s.exp.family === f),
      ),
    ),
    ...SCAN_FORMATS.map((f) =>
      fieldsRow(
        SPECS[`scan_${f}`],
        is((s) => s.exp.format === f),
      ),
    ),
  ];
  rows.push(...(await speedRows(cfg, dir, manifest, pipeline, corpus, log)));
  return rows;
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
