/** Distinct warnings kept for the end of a batch, however many rows (a bounded record). */
const MAX_WARNINGS = 20;
const MAX_ROWS_NAMED = 10;

/**
 * The warnings of a batch's rows, for one stderr line each after the summary: the rows that
 * gave it (the first ten named, then a count). Each row's result carries its own as well.
 */
export class RowWarnings {
  private readonly byText = new Map<string, { rows: number[]; count: number }>();
  private dropped = 0;

  add(text: string, row: number): void {
    let entry = this.byText.get(text);
    if (!entry) {
      if (this.byText.size >= MAX_WARNINGS) return void this.dropped++;
      this.byText.set(text, (entry = { rows: [], count: 0 }));
    }
    entry.count++;
    if (entry.rows.length < MAX_ROWS_NAMED) entry.rows.push(row);
  }

  lines(): string[] {
    const lines = [...this.byText].map(([text, { rows, count }]) => {
      const named = rows.join(', ') + (count > rows.length ? ` and ${count - rows.length} more` : '');
      return `${count === 1 ? 'row' : 'rows'} ${named}: ${text}`;
    });
    if (this.dropped) lines.push(`${this.dropped} more warning(s) of other kinds: see "warnings" in the results`);
    return lines;
  }
}
