import type { JobsSummary } from '@vcase/sdk';
import type { Style } from '../ui/style.js';
import { heading, renderPairs, renderTable, type Cell } from '../ui/table.js';
import { when } from './format.js';

/** `95` → `1m35s`: how long a job has waited. */
export function waited(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(s / 86_400)}d${String(Math.floor((s % 86_400) / 3600)).padStart(2, '0')}h`;
}

const warnIf = (n: number, tone: 'yellow' | 'red'): Cell => (n > 0 ? { text: String(n), tone } : n);

/** `vcase admin jobs`: the backlog by kind and state, the job waiting longest, the failing jobs. */
export function renderJobsSummary(style: Style, body: JobsSummary): string {
  const now = Date.parse(body.generated_at);
  let out = heading(style, 'Backlog');
  out += body.backlog.length
    ? renderTable(
        style,
        [
          { header: 'kind' },
          { header: 'queued', align: 'right' },
          { header: 'scheduled', align: 'right' },
          { header: 'running', align: 'right' },
          { header: 'stalled', align: 'right' },
          { header: 'failed 24h', align: 'right' },
          { header: 'oldest queued', align: 'right' },
        ],
        body.backlog.map((k) => [
          k.kind,
          k.queued,
          k.scheduled,
          k.running,
          warnIf(k.stalled, 'yellow'),
          warnIf(k.failed_24h, 'red'),
          k.oldest_queued_at ? waited(Math.max(0, (now - Date.parse(k.oldest_queued_at)) / 1000)) : null,
        ]),
      )
    : 'no job waiting or running, none failed in the last 24 hours\n';
  const oldest = body.oldest_queued;
  if (oldest) {
    out += heading(style, 'Oldest waiting job');
    out += renderPairs(style, [
      ['job', oldest.job_id],
      ['kind', oldest.kind],
      [
        'waiting',
        {
          text: `${waited(oldest.waiting_seconds)} (due since ${when(oldest.queued_since)})`,
          tone: oldest.waiting_seconds >= 300 ? 'yellow' : undefined,
        },
      ],
      ['attempts', oldest.attempts],
      ['company', oldest.company_id],
      ['case', oldest.case_id],
    ]);
  }
  if (body.failing.length) {
    out += heading(style, 'Failing jobs (newest first)');
    out += renderTable(
      style,
      [
        { header: 'when' },
        { header: 'kind' },
        { header: 'status' },
        { header: 'attempts', align: 'right' },
        { header: 'error', shrink: true },
        { header: 'job' },
      ],
      body.failing.map((j) => [
        when(j.updated_at),
        j.kind,
        j.status === 'error' ? { text: 'failed', tone: 'red' } : { text: 'retrying', tone: 'yellow' },
        j.attempts,
        j.error,
        j.job_id,
      ]),
    );
  }
  return out;
}
