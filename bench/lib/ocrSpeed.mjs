// OCR speed: the pipeline's time on one scanned page against the bare tesseract.js
// `recognize` time of the same image, same language data (@tesseract.js-data/spa, the compact
// model the server ships), measured alternately in this process.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './servers.mjs';

const serverRequire = createRequire(path.join(ROOT, 'packages/server/package.json'));

async function bareWorker() {
  const mod = await import(pathToFileURL(serverRequire.resolve('tesseract.js')).href);
  const { createWorker } = mod.default ?? mod;
  const langPath = path.join(path.dirname(serverRequire.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');
  return createWorker(['spa'], 1, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => {} });
}

const seconds = async (fn) => {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * Median seconds of: bare `recognize(image)` on a warm worker, and `pipeline(input)` for each
 * input, over `rounds` alternating rounds after one warm-up of each.
 */
export async function ocrTimes({ image, inputs, pipeline, rounds }) {
  const worker = await bareWorker();
  try {
    await worker.recognize(image);
    for (const input of inputs) await pipeline(input);
    const bare = [];
    const piped = inputs.map(() => []);
    for (let r = 0; r < rounds; r++) {
      bare.push(await seconds(() => worker.recognize(image)));
      for (let i = 0; i < inputs.length; i++) piped[i].push(await seconds(() => pipeline(inputs[i])));
    }
    return { bare: median(bare), pipeline: piped.map(median), samples: { bare, pipeline: piped } };
  } finally {
    await worker.terminate();
  }
}
