import type { Cell } from '../ui/table.js';
import { renderPairs } from '../ui/table.js';
import { statusTone, type Style } from '../ui/style.js';

// Built on first use: loading the es-MX locale data costs tens of milliseconds, and most
// commands that import this module (every batch, every list) never show an amount.
let mxn: Intl.NumberFormat | undefined;

/**
 * An amount as the source reported it: numbers formatted as pesos, strings shown verbatim,
 * anything else a source may send (tickets pass any JSON value on) as JSON.
 */
export function amount(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return money(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A number read from an amount (`1234.5`, `"$1,234.50"`), or null when it is not one. */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[$\s]|MXN|M\.N\./gi, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function money(n: number): string {
  mxn ??= new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
  return mxn.format(n);
}

/** `2025-03-14T10:22:01.000Z` → `2025-03-14 10:22`. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  return iso.length >= 16 && iso[10] === 'T' ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso;
}

/** A status word with its colour. */
export function status(text: string | null | undefined): Cell {
  if (text === null || text === undefined || text === '') return null;
  return { text, tone: statusTone(text) };
}

export function yesNo(value: boolean | null | undefined): Cell {
  if (value === null || value === undefined) return null;
  return value ? { text: 'yes', tone: 'green' } : { text: 'no', tone: 'dim' };
}

/** Nested objects as `a.b  value` pairs; arrays of scalars joined, other arrays as JSON. */
export function flatten(value: unknown, prefix = '', out: [string, Cell][] = []): [string, Cell][] {
  if (value === null || value === undefined) {
    if (prefix) out.push([prefix, null]);
    return out;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) out.push([prefix, value.join(', ')]);
    else if (value.length === 0) out.push([prefix, '[]']);
    else value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
    return out;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.push([prefix, '{}']);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    return out;
  }
  out.push([prefix, typeof value === 'boolean' ? yesNo(value) : String(value)]);
  return out;
}

export function pairsOf(style: Style, value: unknown): string {
  const pairs = flatten(value);
  return pairs.length ? renderPairs(style, pairs) : '';
}

/** What to do about a chain that is not complete: wait for a running generation, or start one. */
export function chainNotReady(body: { status: string; message?: string | null }): { text: string; hint: string } {
  return {
    text: body.message ?? `The chain is ${body.status}.`,
    hint: body.status === 'processing' ? ' Use --watch to wait.' : ' Use --run to generate it (with --watch to wait for it).',
  };
}
