import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from '../../kit.js';
import { isUrl } from '../../localFiles.js';
import { runLookup } from '../../lookup.js';
import { ineSpec } from './spec.js';

export interface SubmitFlags extends WatchFlags {
  front?: string;
  back?: string;
}

/** `vcase ine submit`: the card images, `--watch` for the result. */
export function register(ine: Command, app: App, runF: RunFn<SubmitFlags> = submitRun): Command {
  const cmd = ine
    .command('submit')
    .description('submit the card images for validation')
    .option('--front <image>', 'front: a file, an http(s) URL or base64 (prompted on a terminal)')
    .option('--back <image>', 'back: a file, an http(s) URL or base64 (improves extraction)');
  return watchOptions(cmd, { watch: 'wait for the result (exit 5 if validation fails)' })
    .addHelpText('after', '\nExamples:\n  $ vcase ine submit --front ine-front.jpg --back ine-back.jpg --watch')
    .action(app.action(runF));
}

export async function submitRun(opts: RunOptions<SubmitFlags>): Promise<number> {
  const { f } = opts;
  const client = await f.client();
  const frontArg = await f.prompts.required(opts.front, '--front', (p) => p.input('Front image (file, URL or base64)', { required: true }));
  const front = await imageArg(f.ctx, frontArg);
  const back = opts.back ? await imageArg(f.ctx, opts.back) : undefined;
  let jobId = '';
  const spec = {
    ...ineSpec(client, () => jobId),
    start: async (r: { signal?: AbortSignal }) => {
      const res = await client.ine.submit({ front, ...(back ? { back } : {}) }, r);
      jobId = res.job_id;
      return res;
    },
    started: (b: { job_id: string }) => `INE validation submitted: job ${b.job_id}.`,
    followUp: 'vcase ine get <job_id> --watch',
  };
  return runLookup(f, spec, { ...opts, run: true });
}

const IMAGE_MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
};

/** A URL or base64 as is; an existing file as a `data:` URL. */
async function imageArg(ctx: Context, value: string): Promise<string> {
  if (isUrl(value) || value.startsWith('data:')) return value;
  const file = path.resolve(ctx.cwd, value);
  try {
    const bytes = await fs.readFile(file);
    return `data:${IMAGE_MIME[path.extname(file).toLowerCase()] ?? 'image/jpeg'};base64,${bytes.toString('base64')}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (/^[A-Za-z0-9+/=\s]+$/.test(value) && value.length > 32) return value; // already base64
  throw new UsageError(`${value}: no such file, and not a URL or base64`);
}
