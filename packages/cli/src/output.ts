import type { PagePromise } from '@vcase/sdk';
import { write, type Context } from './context.js';
import { makeStyle, terminalSafe, type Style } from './ui/style.js';

/** How a list is printed: `--json`, `--ndjson`, `--all`. */
export interface ListFlags {
  json?: boolean;
  ndjson?: boolean;
  all?: boolean;
}

/**
 * What a command prints: text for people on stdout and stderr (styled for where it goes, its
 * control characters made visible), `--json` bodies, NDJSON lines, and lists of pages.
 */
export class Output {
  readonly style: Style;
  readonly errStyle: Style;

  constructor(
    private readonly ctx: Context,
    opts: { noColor?: boolean } = {},
  ) {
    const { noColor } = opts;
    this.style = makeStyle({ tty: ctx.isTTY.stdout, env: ctx.env, noColor, columns: ctx.columns });
    this.errStyle = makeStyle({ tty: ctx.isTTY.stderr, env: ctx.env, noColor, columns: ctx.columns });
  }

  out(text: string): Promise<void> {
    return write(this.ctx.stdout, terminalSafe(text, this.style.color));
  }

  err(text: string): Promise<void> {
    return write(this.ctx.stderr, terminalSafe(text, this.errStyle.color));
  }

  /** The API body, as is: `--json` output (JSON escapes the control characters itself). */
  json(value: unknown): Promise<void> {
    return write(this.ctx.stdout, JSON.stringify(value ?? null, null, 2) + '\n');
  }

  /** One JSON value per line, written as the items arrive. */
  async ndjson(items: AsyncIterable<unknown> | Iterable<unknown>): Promise<number> {
    let n = 0;
    for await (const item of items) {
      if (this.ctx.signal.aborted) break;
      await write(this.ctx.stdout, JSON.stringify(item) + '\n');
      n++;
    }
    return n;
  }

  /** `--json` body, else text for people: `text` is called only when it is printed. */
  show(flags: { json?: boolean }, body: unknown, text: () => string): Promise<void> {
    return flags.json ? this.json(body) : this.out(text());
  }

  /** One line: a sentence on a terminal, the `piped` fields tab-separated elsewhere. */
  line(sentence: string, ...piped: string[]): Promise<void> {
    return this.out(this.style.tty ? `${sentence}\n` : `${piped.join('\t')}\n`);
  }

  /**
   * A list command's output: `--ndjson` streams every item of every page, `--json` prints the
   * page body, else a table of one page (`--all`: of every page) with a footer saying where it
   * stands, rendered by `render`.
   */
  async list<Item>(
    fetchPage: () => PagePromise<Item>,
    flags: ListFlags,
    render: (items: Item[], style: Style, footer: string) => string,
    emptyText: string,
  ): Promise<void> {
    if (flags.ndjson) return void (await this.ndjson(fetchPage()));
    const page = await fetchPage();
    let items = page.data;
    if (flags.all) {
      items = [];
      // Items, not pages: a record created meanwhile would repeat one at a page boundary.
      for await (const item of page) items.push(item);
    }
    // --json --all: every page's items in one body, its pagination saying there is no more.
    if (flags.json) {
      const pagination = flags.all ? { ...page.pagination, limit: items.length, has_more: false } : page.pagination;
      return void (await this.json({ data: items, pagination }));
    }
    const { total, offset } = page.pagination;
    const footer =
      flags.all || !page.hasNextPage()
        ? `${items.length} of ${total}`
        : `${offset + 1}–${offset + items.length} of ${total} · --all for every page, --ndjson to stream`;
    await this.out(items.length ? render(items, this.style, footer) : this.style.tty ? `${emptyText}\n` : '');
    // Piped, the table has no footer: a page that is not the last says so on stderr, so a
    // script reading stdout does not take one page for the whole list.
    if (!this.style.tty && !flags.all && page.hasNextPage()) await this.err(`vcase: ${footer}\n`);
  }
}
