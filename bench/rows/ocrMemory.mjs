// Peak memory while reading large scans: a server (4 in-process workers, the default OCR memory
// budget) is given four ~20 MiB image-only PDFs at once and reads them to the end. Reported:
// the server's peak RSS (Linux VmHWM) against the figure docs/operator-guide.md ("Memory")
// promises for the default settings.
import { createRequire } from 'node:module';
import path from 'node:path';
import { peakRssBytes, rssBytes } from '../lib/proc.mjs';
import { limitRow, notMeasured } from '../lib/report.mjs';
import { createCredentials, freshStateDir, ROOT, startVcaseServer, waitUntil } from '../lib/servers.mjs';

/** What the operator guide states for the defaults (VCASE_OCR_MEMORY_MB=768, one tesseract worker). */
const PROMISED_MB = 1400;

export const SPECS = {
  peak: {
    id: 'memory.ocr_peak',
    what: 'server peak RSS reading 4 × 20 MiB scanned PDFs at once',
    reference: 'operator guide figure',
    target: { op: '<=', value: PROMISED_MB },
  },
};

const MB = 1024 * 1024;
const require = createRequire(path.join(ROOT, 'packages/server/package.json'));

/** Noisy 300 dpi page scans as JPEGs (a scanner's output), a few distinct ones. */
async function pageScans(count) {
  const sharp = require('sharp');
  const card = path.join(ROOT, 'packages/server/test/fixtures/documents/tarjeta-circulacion-nl.png');
  const pages = [];
  for (let i = 0; i < count; i++) {
    const noise = await sharp({
      create: { width: 2550, height: 3300, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 + i * 3 } },
    })
      .jpeg({ quality: 60 })
      .toBuffer();
    pages.push(
      await sharp(card)
        .resize(2550, 3300, { fit: 'fill' })
        .composite([{ input: noise, blend: 'overlay' }])
        .jpeg({ quality: 75 })
        .toBuffer(),
    );
  }
  return pages;
}

/** An image-only PDF of about `size` bytes made of the scans, starting at `first`. */
async function scannedPdf(scans, size, first) {
  const { PDFDocument } = require('pdf-lib');
  const doc = await PDFDocument.create();
  let total = 0;
  for (let i = first; total < size; i++) {
    const jpeg = scans[i % scans.length];
    const img = await doc.embedJpg(jpeg);
    doc.addPage([612, 792]).drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
    total += jpeg.length;
  }
  return Buffer.from(await doc.save());
}

export async function run(cfg, _seeded, log) {
  const scans = await pageScans(6);
  const files = [];
  for (let i = 0; i < 4; i++) files.push(await scannedPdf(scans, 19 * MB, i));
  const stateDir = freshStateDir('ocr-memory');
  const server = await startVcaseServer(stateDir, { env: cfg.serverEnv });
  try {
    const { api } = await createCredentials(server);
    const before = rssBytes(server.pid) / MB;
    const { case_id } = await api('POST', '/v1/cases', { internal_id: 'BENCH-OCR-MEMORY', status: 'nuevo' });
    const ids = [];
    for (const bytes of files) {
      const res = await api('POST', '/v1/documents', { case_id, mime_type: 'application/pdf', base64: bytes.toString('base64') });
      ids.push(res.document_id);
    }
    await waitUntil(
      async () =>
        (await Promise.all(ids.map((id) => api('GET', `/v1/documents/${id}`)))).every(
          (d) => d.json_ocr !== null || d.validity?.document_validity === 'error',
        ),
      { timeoutMs: (cfg.quick ? 600 : 1200) * 1000, everyMs: 1000, what: 'the four scans to be read' },
    );
    const peak = peakRssBytes(server.pid) / MB;
    log(`  RSS before ${Math.round(before)} MB, peak ${Math.round(peak)} MB while reading 4 × ${(files[0].length / MB).toFixed(1)} MiB`);
    return [
      limitRow(SPECS.peak, {
        value: Math.round(peak),
        unit: 'MB',
        details: { rss_before_mb: Math.round(before), file_mib: files.map((f) => +(f.length / MB).toFixed(1)) },
      }),
    ];
  } finally {
    await server.stop();
  }
}

export const failed = (reason) => Object.values(SPECS).map((s) => notMeasured(s, reason));
