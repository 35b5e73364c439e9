import type { Pagination } from '@vcase/shared';
import { VcaseError } from './errors.js';

/** `limit`/`offset` of a list call, as numbers (the shared query schemas also accept strings). */
export interface PageParams {
  /** Page size (max 100). */
  limit?: number;
  /** Items to skip. */
  offset?: number;
}

/** A list query: the shared one with numeric `limit`/`offset`. */
export type ListParams<Query> = { [K in keyof Omit<Query, 'limit' | 'offset'>]: Query[K] } & PageParams extends infer T
  ? { [K in keyof T]: T[K] }
  : never;

/** A list answer (contract §4.1). */
export interface PageBody<Item> {
  data: Item[];
  pagination: Pagination;
}

/** Fetches the page that starts at `offset`, keeping the rest of the original query. */
export type PageFetcher<Item> = (offset: number) => Promise<PageBody<Item>>;

/** The identity of a list item (its `case_id`, `document_id`). */
export type ItemKey<Item> = (item: Item) => string;

/**
 * Every item from `pages` once. Lists are newest first and paged by offset: a record created
 * while the pages are read pushes the others down, and the next page then starts with items
 * the last one ended with. Those are skipped by their key. (A record deleted meanwhile pulls
 * the others up instead, so one may be missed: offsets cannot tell.)
 */
async function* itemsOnce<Item>(pages: AsyncIterable<Page<Item>>, keyOf: ItemKey<Item> | undefined): AsyncGenerator<Item, void, undefined> {
  const seen = new Set<string>();
  for await (const page of pages) {
    for (const item of page.data) {
      if (keyOf) {
        const key = keyOf(item);
        if (seen.has(key)) continue;
        seen.add(key);
      }
      yield item;
    }
  }
}

/**
 * One page of a list, and an async iterable over every item from here on: `for await`
 * fetches the following pages as it goes.
 */
export class Page<Item> implements AsyncIterable<Item> {
  readonly data: Item[];
  readonly pagination: Pagination;

  constructor(
    private readonly fetchPage: PageFetcher<Item>,
    body: PageBody<Item>,
    private readonly keyOf?: ItemKey<Item>,
  ) {
    this.data = body.data;
    this.pagination = body.pagination;
  }

  hasNextPage(): boolean {
    return this.pagination.has_more && this.data.length > 0;
  }

  async getNextPage(): Promise<Page<Item>> {
    if (!this.hasNextPage()) throw new VcaseError('No next page: check hasNextPage() first');
    return new Page(this.fetchPage, await this.fetchPage(this.pagination.offset + this.data.length), this.keyOf);
  }

  /** This page, then each following one. */
  async *iterPages(): AsyncGenerator<Page<Item>, void, undefined> {
    yield this;
    let next = this.hasNextPage() ? await this.getNextPage() : undefined;
    while (next) {
      yield next;
      next = next.hasNextPage() ? await next.getNextPage() : undefined;
    }
  }

  /** Every item of this page and the following ones, each once (see `itemsOnce`). */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    yield* itemsOnce(this.iterPages(), this.keyOf);
  }
}

/**
 * What a list call returns: await it for the first page, or `for await` over it for every
 * item of every page.
 */
export class PagePromise<Item> implements PromiseLike<Page<Item>>, AsyncIterable<Item> {
  private readonly promise: Promise<Page<Item>>;

  constructor(fetchPage: PageFetcher<Item>, firstOffset: number, keyOf?: ItemKey<Item>) {
    this.promise = fetchPage(firstOffset).then((body) => new Page(fetchPage, body, keyOf));
  }

  then<A = Page<Item>, B = never>(
    onfulfilled?: ((page: Page<Item>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.promise.then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<Item> | B> {
    return this.promise.catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<Item>> {
    return this.promise.finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    yield* await this.promise;
  }
}
