import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateCorpus } from './corpus/generate.js';

const USAGE = `Usage: vcase-corpus generate --out <dir> [--quick] [--seed <text>]

Writes the document corpus (CFDI XML and PDF, scans, tarjetas de circulación, INE cards,
tenencia receipts), each file beside its <name>.expected.json, and manifest.json.`;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      quick: { type: 'boolean', default: false },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] !== 'generate' || !values.out) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const started = Date.now();
  const out = path.resolve(values.out);
  const manifest = await generateCorpus({ out, quick: values.quick, seed: values.seed });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`${manifest.documents.length} documents in ${out} (${seconds} s)\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`vcase-corpus: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
