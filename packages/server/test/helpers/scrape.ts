import { expect } from 'vitest';
import type { TestServer } from './testServer.js';
import { ADMIN_TOKEN } from './testServer.js';

/** One scrape of `/metrics`: every sample by `name{label="value",…}` (labels sorted). */
export type Samples = Map<string, number>;

export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = m[2] ? [...m[2].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v] as const) : [];
    samples.set(key(m[1], Object.fromEntries(labels)), Number(m[3]));
  }
  return samples;
}

const key = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')}}`;

/** A sample's value; 0 when the series does not exist (yet). */
export const sample = (s: Samples, name: string, labels: Record<string, string> = {}) => s.get(key(name, labels)) ?? 0;

/** How much each sample moved between two scrapes. */
export const moved =
  (before: Samples, after: Samples) =>
  (name: string, labels: Record<string, string> = {}) =>
    sample(after, name, labels) - sample(before, name, labels);

/** `GET /metrics` with the admin token, through the app. */
export async function scrape(t: TestServer): Promise<Samples> {
  const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return parseMetrics(res.body);
}
