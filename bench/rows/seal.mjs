// The CFDI seal check's cost (issue: at most 2 ms per XML invoice): the pipeline's processing of
// distinct sealed CFDI 4.0 vehicle invoices (processDocument with the CFDI XML engine, as an
// upload's OCR job runs it) timed with the check and, as the reference, with the seal module
// replaced by one that checks nothing. Both builds are bundled on the fly with esbuild from
// the server's sources (no server source is touched) and alternated in rounds in this process,
// so a slow spell of the machine falls on both. Reported: the CPU time added per invoice.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { notMeasured, ratioRow } from '../lib/report.mjs';
import { ROOT } from '../lib/servers.mjs';
import { vinFor } from './e2e.mjs';

const BUDGET_MS = 2;
export const SPECS = {
  cost: {
    id: 'seal.ms_per_xml',
    what: 'CFDI XML processing with the seal check, CPU ms per invoice (target: ≤ 2 ms added)',
    reference: 'the same processing without the check',
    target: null,
  },
};

const SERVER = path.join(ROOT, 'packages/server');

function esbuildModule() {
  // esbuild comes with tsup (a root devDependency); resolve it from there.
  const require = createRequire(path.join(ROOT, 'package.json'));
  try {
    return require('esbuild');
  } catch {
    return createRequire(require.resolve('tsup'))('esbuild');
  }
}

/** A plugin that replaces the seal module with one that checks nothing (the reference build). */
const noSeal = {
  name: 'no-seal',
  setup(build) {
    build.onResolve({ filter: /\/seal\/index\.js$/ }, () => ({ path: 'no-seal', namespace: 'no-seal' }));
    build.onLoad({ filter: /.*/, namespace: 'no-seal' }, () => ({
      contents: 'export const verifyCfdiSeal = () => null;\nexport const sealValidityCodes = () => [];\n',
      loader: 'js',
    }));
  },
};

/** Bundles `exports` (name → source file) into a module beside the server's sources and loads it. */
async function load(esbuild, dir, name, exports, plugins = []) {
  const outfile = path.join(dir, `${name}.mjs`);
  await esbuild.build({
    stdin: {
      contents: Object.entries(exports)
        .map(([what, file]) => `export { ${what} } from ${JSON.stringify(path.join(SERVER, file))};`)
        .join('\n'),
      resolveDir: SERVER,
      loader: 'ts',
    },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    plugins,
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * CPU milliseconds per document of one pass of `fn` over `docs`. CPU time, not wall time: the
 * work is all in this process, and on a shared machine wall time also counts the time the
 * process waited for a core.
 */
async function pass(fn, docs) {
  const started = process.cpuUsage();
  for (const bytes of docs) await fn(bytes);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / docs.length;
}

export async function run(cfg, _seeded, log) {
  const esbuild = esbuildModule();
  // Beside the server's sources, so the bundles' package imports resolve from its node_modules.
  const dir = fs.mkdtempSync(path.join(SERVER, '.bench-seal-'));
  try {
    const pipeline = { processDocument: 'src/pipeline/processDocument.ts', cfdiXmlEngine: 'src/pipeline/engines/cfdi.ts' };
    const withSeal = await load(esbuild, dir, 'with', {
      ...pipeline,
      makeTestCsd: 'test/support/csd.ts',
      signCfdi: 'test/support/csd.ts',
      vehicleInvoice40: 'test/support/cfdiSamples.ts',
    });
    const without = await load(esbuild, dir, 'without', pipeline, [noSeal]);

    const n = cfg.quick ? 50 : 200;
    const csds = await Promise.all(
      ['AVM9203175R5', 'KMO141215B19', 'EKU9003173C9', 'OIGA890528AL6'].map((rfc) => withSeal.makeTestCsd({ rfc })),
    );
    const docs = Array.from({ length: n }, (_, i) => {
      const csd = csds[i % csds.length];
      return Buffer.from(withSeal.signCfdi(withSeal.vehicleInvoice40({ rfcEmisor: csd.rfc, vin: vinFor(i) }), csd));
    });
    const processor = (mod) => (bytes) =>
      mod.processDocument({ bytes, mime: 'application/xml', sha256: 'bench', engines: [mod.cfdiXmlEngine], today: new Date() });
    const checked = processor(withSeal);
    const unchecked = processor(without);
    // Sanity: the check runs (and passes) in one build and not in the other.
    const a = await checked(docs[0]);
    const b = await unchecked(docs[0]);
    if (a.json_ocr.signature?.status !== 'valid' || b.json_ocr.signature !== undefined)
      throw new Error('the two builds do not differ by the seal check');

    for (let i = 0; i < 2; i++) {
      await pass(checked, docs);
      await pass(unchecked, docs);
    }
    const rounds = cfg.quick ? 7 : 15;
    const withMs = [];
    const withoutMs = [];
    const added = [];
    for (let r = 0; r < rounds; r++) {
      // Each round times both builds, in alternating order.
      let w;
      let o;
      if (r % 2 === 0) {
        w = await pass(checked, docs);
        o = await pass(unchecked, docs);
      } else {
        o = await pass(unchecked, docs);
        w = await pass(checked, docs);
      }
      withMs.push(w);
      withoutMs.push(o);
      added.push(w - o);
    }
    const addedMs = median(added);
    log(
      `  ${n} sealed invoices × ${rounds} rounds: ${median(withMs).toFixed(3)} ms with the check, ` +
        `${median(withoutMs).toFixed(3)} ms without; added ${addedMs.toFixed(3)} ms ` +
        `(rounds ${Math.min(...added).toFixed(3)}–${Math.max(...added).toFixed(3)})`,
    );
    const row = ratioRow(SPECS.cost, {
      value: median(withMs),
      reference: median(withoutMs),
      unit: 'ms',
      details: { added_ms_per_invoice: addedMs, added_ms_rounds: added, invoices: n, rounds, budget_ms: BUDGET_MS },
    });
    return [
      {
        ...row,
        target: `+${BUDGET_MS} ms`,
        status: addedMs <= BUDGET_MS ? 'meets' : 'misses',
        note: `added ${addedMs.toFixed(3)} ms per invoice`,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
