import type * as Http from 'node:http';
import { Readable } from 'node:stream';
import { FastHeaders } from './fastHeaders.js';

/**
 * A `fetch` for Node over node:http(s) with keep-alive agents, answering with a response held
 * in memory (the fetch of `nodeTransport()`). It costs a third of the CPU per call of Node's
 * global `fetch` (the CLI batch-upload row, docs/performance.md "SDK transport").
 *
 * It sends a method, headers and a string or byte body, as the SDK does. Anything else (stream
 * or form bodies, other URL schemes) and any redirect go to `fallback`, so they behave as with
 * the global `fetch`.
 */
export function createNodeFetch(fallback: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  const nodeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : 'href' in input ? input.href : undefined;
    const body = init.body ?? undefined;
    if (url === undefined || !/^https?:/i.test(url) || !(body === undefined || typeof body === 'string' || isBytes(body))) {
      return fallback(input, init);
    }
    const { request, agent } = await protocol(url.charCodeAt(4) === 58 /* "http:" */ ? 'http' : 'https');
    const signal = init.signal ?? undefined;
    const response = await new Promise<BufferedResponse>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => req.destroy(signal!.reason);
      const settle = (error: unknown, response?: BufferedResponse) => {
        signal?.removeEventListener('abort', onAbort);
        if (response) resolve(response);
        else reject(error);
      };
      const req = request(url, { method: init.method ?? 'GET', headers: plainHeaders(init.headers), agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', settle); // also when the socket closes before the body ends
        res.on('end', () => settle(undefined, new BufferedResponse(url, res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))));
      });
      req.on('error', settle);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.end(body);
    });
    if (REDIRECTS.has(response.status) && response.headers.has('location') && init.redirect !== 'manual') return fallback(input, init);
    return response as unknown as Response;
  };
  return nodeFetch as typeof fetch;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Protocol = { request: typeof Http.request; agent: Http.Agent };
const protocols: Partial<Record<'http' | 'https', Promise<Protocol>>> = {};

/**
 * One keep-alive agent per protocol for the whole process, as the global fetch shares one
 * pool. Loaded on first use (node:https pulls in TLS). Idle sockets are unref'd by the
 * agent, so they never keep the process alive.
 */
function protocol(name: 'http' | 'https'): Promise<Protocol> {
  return (protocols[name] ??= (name === 'http' ? import('node:http') : import('node:https')).then((m) => ({
    request: m.request,
    agent: new m.Agent({ keepAlive: true }),
  })));
}

/** Bytes node:http writes as they are (a Buffer or another Uint8Array). */
function isBytes(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && (value as Uint8Array).BYTES_PER_ELEMENT === 1 && 'subarray' in value;
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  return (headers instanceof FastHeaders ? headers : new FastHeaders(headers)).record;
}

/**
 * The part of a `Response` that ofetch and common callers read (status, headers, `body`,
 * `text`, `json`, `arrayBuffer`, `blob`), over a body already in memory. It cannot be cloned.
 */
class BufferedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: FastHeaders;
  readonly redirected = false;
  readonly type = 'basic';
  readonly bodyUsed = false;

  constructor(
    readonly url: string,
    res: Http.IncomingMessage,
    private readonly bytes: Buffer,
  ) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new FastHeaders();
    const raw = res.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) this.headers.append(raw[i]!, raw[i + 1]!);
  }

  /**
   * The bytes as a Node stream, as node-fetch's `body` is, made when read: ofetch reads it to
   * tell an answer with a body. A web ReadableStream cost 12-15 µs per upload, a Node one 0.3
   * (docs/performance.md "SDK transport"). Null when empty.
   */
  get body(): Readable | null {
    const bytes = this.bytes;
    if (bytes.length === 0) return null;
    return new Readable({
      read() {
        this.push(bytes);
        this.push(null);
      },
    });
  }

  async text(): Promise<string> {
    return this.bytes.toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.bytes.toString('utf8'));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.bytes).buffer;
  }

  async blob(): Promise<Blob> {
    return new Blob([this.bytes], { type: this.headers.get('content-type') ?? '' });
  }
}
