// Rows of the results: every figure is a ratio against a reference measured in the same run.
// A row misses or meets its target; it never fails the run.

/**
 * A measured row. `value` and `reference` are raw figures of this run (same unit); the
 * ratio is value / reference. `target` is `{op: '>=' | '<=', value}` or null (report only).
 */
export function ratioRow(spec, { value, reference, unit, refLabel, note = null, details = {} }) {
  const ratio = reference > 0 && Number.isFinite(value) ? value / reference : null;
  let status = 'report';
  if (spec.target && ratio !== null) {
    const ok = spec.target.op === '>=' ? ratio >= spec.target.value : ratio <= spec.target.value;
    status = ok ? 'meets' : 'misses';
  }
  if (ratio === null) status = 'not measured';
  return {
    id: spec.id,
    what: spec.what,
    value: round(value),
    unit,
    reference: round(reference),
    reference_what: refLabel ?? spec.reference,
    ratio: ratio === null ? null : round(ratio, 3),
    target: spec.target ? `${spec.target.op} ${spec.target.value}` : null,
    status,
    note,
    details,
  };
}

/** A row with a figure but no reference (the issue asks to report it). */
export function reportRow(spec, { value, unit, note = null, details = {} }) {
  return {
    id: spec.id,
    what: spec.what,
    value: round(value),
    unit,
    reference: null,
    reference_what: spec.reference ?? null,
    ratio: null,
    target: spec.target ? `${spec.target.op} ${spec.target.value}` : 'report',
    status: 'report',
    note,
    details,
  };
}

/** A count against a limit (e.g. spurious values ≤ 0): no reference, the target decides. */
export function limitRow(spec, { value, unit, note = null, details = {} }) {
  const { op, value: limit } = spec.target;
  const ok = op === '<=' ? value <= limit : value >= limit;
  return { ...reportRow(spec, { value, unit, note, details }), status: ok ? 'meets' : 'misses' };
}

export function notMeasured(spec, reason) {
  return {
    id: spec.id,
    what: spec.what,
    value: null,
    unit: null,
    reference: null,
    reference_what: spec.reference ?? null,
    ratio: null,
    target: spec.target ? `${spec.target.op} ${spec.target.value}` : 'report',
    status: 'not measured',
    note: reason,
    details: {},
  };
}

/** What a failure says, for a row or log line: its message (or stack), else its text. */
export function describeFailure(err, { stack = false } = {}) {
  const text = stack ? err?.stack : err?.message;
  return typeof text === 'string' ? text : String(err);
}

export function round(v, digits = 2) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return v ?? null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

function fmt(v, unit) {
  if (v === null || v === undefined) return '—';
  const n = typeof v === 'number' ? (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(round(v, 2))) : String(v);
  return unit ? `${n} ${unit}` : n;
}

/** The table printed at the end of a run. */
export function formatTable(rows) {
  const header = ['row', 'measured', 'reference', 'ratio', 'target', 'status', 'CPU ratio'];
  const body = rows.map((r) => [
    r.what,
    fmt(r.value, r.unit),
    r.reference === null ? (r.reference_what ? `(${r.reference_what})` : '—') : fmt(r.reference, r.unit),
    r.ratio === null ? '—' : String(r.ratio),
    r.target ?? '—',
    r.status,
    r.details?.cpu_ratio == null ? '' : String(r.details.cpu_ratio),
  ]);
  const widths = header.map((h, i) => Math.min(i === 0 ? 64 : 28, Math.max(h.length, ...body.map((b) => b[i].length))));
  const cut = (s, w) => (s.length > w ? `${s.slice(0, w - 1)}…` : s);
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? cut(c, widths[i]).padEnd(widths[i]) : cut(c, widths[i]).padStart(widths[i]))).join('  ');
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  const notes = rows.filter((r) => r.note).map((r) => `  · ${r.id}: ${r.note}`);
  if (rows.some((r) => r.details?.cpu_ratio != null)) {
    out.push('', 'CPU ratio: the same ratio computed from server CPU time per request (steadier than req/s on a shared machine).');
  }
  if (notes.length) out.push('', 'notes:', ...notes);
  return out.join('\n');
}
