import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { IneResultResponse } from '@vcase/sdk';
import type { Client, Context } from '../context.js';
import { UsageError } from '../errors.js';
import { watchOptions, type App, type WatchFlags } from '../kit.js';
import { runLookup, type LookupSpec } from '../lookup.js';
import { renderIne } from '../render/lookups.js';

export function register(program: Command, app: App): void {
  const ine = program.command('ine').description('voter ID (INE) validation');

  watchOptions(
    ine
      .command('submit')
      .description('submit the card images for validation')
      .option('--front <image>', 'front: a file, an http(s) URL or base64 (prompted on a terminal)')
      .option('--back <image>', 'back: a file, an http(s) URL or base64 (improves extraction)'),
    { watch: 'wait for the result (exit 5 if validation fails)' },
  )
    .addHelpText('after', '\nExamples:\n  $ vcase ine submit --front ine-front.jpg --back ine-back.jpg --watch')
    .action(
      app.action<WatchFlags & { front?: string; back?: string }>(async (s, _a, o) => {
        const client = await s.client();
        const front = await imageArg(s.ctx, await s.required(o.front, '--front', () => s.ctx.prompter.input('Front image (file, URL or base64)', { required: true })));
        const back = o.back ? await imageArg(s.ctx, o.back) : undefined;
        let jobId = '';
        const spec = ineSpec(client, () => jobId);
        return runLookup(
          s,
          {
            ...spec,
            start: async (r) => {
              const res = await client.ine.submit({ front, ...(back ? { back } : {}) }, r);
              jobId = res.job_id;
              return res;
            },
            started: (b) => `INE validation submitted: job ${b.job_id}.`,
            followUp: 'vcase ine get <job_id> --watch',
          },
          { ...o, run: true },
        );
      }),
    );

  watchOptions(ine.command('get').description('the result of a validation').argument('<job>', 'job_id from `vcase ine submit`'), {
    watch: 'wait for the result (exit 5 if validation fails)',
  }).action(
    app.action<WatchFlags>(async (s, [job], o) => {
      const client = await s.client();
      return runLookup(s, ineSpec(client, () => job!), o);
    }),
  );
}

function ineSpec(client: Client, jobId: () => string): LookupSpec<IneResultResponse> {
  return {
    what: 'INE validation',
    read: (r) => client.ine.get(jobId(), r),
    wait: (w) => client.ine.waitFor(jobId(), w),
    failed: (b) => b.status === 'error',
    progress: (b) => b.status,
    render: renderIne,
  };
}

const IMAGE_MIME: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.pdf': 'application/pdf' };

/** A URL or base64 as is; an existing file as a `data:` URL. */
async function imageArg(ctx: Context, value: string): Promise<string> {
  if (/^https?:\/\//i.test(value) || value.startsWith('data:')) return value;
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
