export type RowFormat = 'ndjson' | 'csv';

/** One input record, or why it could not be read. */
export interface InputRow {
  /** Line of the input where the record starts (1-based). */
  line: number;
  record?: Record<string, unknown>;
  error?: string;
  /** The raw text, kept only for unreadable records. */
  text?: string;
}

/** A quoted CSV field may span lines, but not without end. */
const MAX_RECORD_CHARS = 1_000_000;

/**
 * Records from NDJSON (one JSON object per line) or CSV (a header line, then rows; `,`, `;`
 * or tab, detected from the header; RFC 4180 quoting, including quoted newlines). The
 * format is detected from the first non-blank line when not given. Blank lines are skipped.
 */
export async function* readRows(lines: AsyncIterable<string>, format?: RowFormat): AsyncGenerator<InputRow> {
  let lineNo = 0;
  let fmt = format;
  let header: string[] | undefined;
  let delimiter = ',';
  let pending: { text: string; line: number } | undefined;

  for await (const line of lines) {
    lineNo++;
    if (pending === undefined && line.trim() === '') continue;
    fmt ??= line.trimStart().startsWith('{') ? 'ndjson' : 'csv';

    if (fmt === 'ndjson') {
      yield parseJsonLine(line, lineNo);
      continue;
    }

    const text = pending ? `${pending.text}\n${line}` : line;
    const start = pending?.line ?? lineNo;
    if (!header) {
      delimiter = detectDelimiter(text);
    }
    const parsed = parseCsvRecord(text, delimiter);
    if (!parsed.complete) {
      if (text.length > MAX_RECORD_CHARS) {
        pending = undefined;
        yield { line: start, error: 'unterminated quoted field', text: text.slice(0, 200) };
      } else pending = { text, line: start };
      continue;
    }
    pending = undefined;
    if (!header) {
      header = parsed.fields.map((h) => h.trim());
      continue;
    }
    if (parsed.fields.length > header.length) {
      yield { line: start, error: `${parsed.fields.length} fields but the header has ${header.length}`, text };
      continue;
    }
    const record: Record<string, unknown> = {};
    header.forEach((name, i) => {
      const v = parsed.fields[i];
      if (name && v !== undefined && v.trim() !== '') record[name] = v.trim();
    });
    yield { line: start, record };
  }
  if (pending) yield { line: pending.line, error: 'unterminated quoted field at end of input', text: pending.text.slice(0, 200) };
}

function parseJsonLine(line: string, lineNo: number): InputRow {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { line: lineNo, error: 'not a JSON object', text: line };
    }
    return { line: lineNo, record: value as Record<string, unknown> };
  } catch (error) {
    return { line: lineNo, error: `invalid JSON: ${(error as Error).message}`, text: line.slice(0, 200) };
  }
}

function detectDelimiter(headerLine: string): string {
  const count = (c: string) => headerLine.split(c).length - 1;
  const candidates: [string, number][] = [
    [',', count(',')],
    [';', count(';')],
    ['\t', count('\t')],
  ];
  candidates.sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ',';
}

/** Fields of one CSV record; `complete` is false while a quoted field is still open. */
export function parseCsvRecord(text: string, delimiter = ','): { fields: string[]; complete: boolean } {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let atStart = true;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
      i++;
      continue;
    }
    if (c === delimiter) {
      fields.push(field);
      field = '';
      atStart = true;
      i++;
      continue;
    }
    if (atStart && (c === ' ' || c === '\t') && delimiter !== c) {
      // spaces before an opening quote are not part of the field
      let j = i;
      while (text[j] === ' ' || text[j] === '\t') j++;
      if (text[j] === '"') {
        i = j;
        continue;
      }
    }
    field += c;
    atStart = false;
    i++;
  }
  if (quoted) return { fields, complete: false };
  fields.push(field);
  return { fields, complete: true };
}
