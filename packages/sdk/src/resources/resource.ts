import { definedOnly, type OperationId } from '@vcase/shared';
import { PagePromise, type ItemKey, type PageBody } from '../core/pagination.js';
import { poll, type WaitOptions } from '../core/poll.js';
import type { Sleep } from '../core/sleep.js';
import type { RequestOptions, RequestSpec, ResponseOf, Transport } from '../core/transport.js';

/** What resources need from the client. */
export interface ClientContext {
  transport: Transport;
  sleep: Sleep;
  now: () => number;
}

export abstract class APIResource {
  constructor(protected readonly _client: ClientContext) {}

  protected _request<Id extends OperationId>(id: Id, spec: RequestSpec, options?: RequestOptions): Promise<ResponseOf<Id>> {
    return this._client.transport.request(id, spec, options);
  }

  /** A list call: the first page, and every item through `for await`. */
  protected _list<Item>(id: 'listCases' | 'listDocuments', query: { offset?: number }, keyOf: ItemKey<Item>, options?: RequestOptions) {
    const fetchPage = (offset: number) =>
      this._client.transport.request(id, { query: { ...query, offset } }, options) as Promise<PageBody<Item>>;
    return new PagePromise<Item>(fetchPage, query.offset ?? 0, keyOf);
  }

  /** Polls `read` until `settled`; `defaults` are the helper's own, the caller's options win. */
  protected _wait<T>(
    what: string,
    read: (options: RequestOptions) => Promise<T>,
    settled: (snapshot: T) => boolean,
    options: WaitOptions<T> = {},
    defaults: WaitOptions<T> = {},
  ): Promise<T> {
    const { sleep, now } = this._client;
    return poll({ what, read, settled, options: { ...defaults, ...definedOnly(options) }, sleep, now });
  }

  /** Starts something, then waits for it: a 404 right after the start means "not there yet". */
  protected async _run<T>(
    start: (options: RequestOptions) => Promise<unknown>,
    wait: (options: WaitOptions<T>) => Promise<T>,
    options: WaitOptions<T> = {},
  ): Promise<T> {
    await start({ ...options.request, signal: options.signal });
    return wait({ notFoundGraceMs: Number.POSITIVE_INFINITY, ...definedOnly(options) });
  }
}
