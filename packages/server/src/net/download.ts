import { isA } from '@vcase/shared';
import type { Dispatcher } from 'undici';
import { checkUrlShape, UnsafeUrlError } from './publicUrl.js';

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly reason: 'unsafe' | 'too_large' | 'http' | 'network' | 'timeout',
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  fetch: typeof fetch;
  /** Connects only to allowed addresses (`net/outbound.ts`): every hop goes through it. */
  dispatcher: Dispatcher;
  maxBytes: number;
  timeoutMs: number;
  allowPrivate: boolean;
  maxRedirects?: number;
}

/** The refusal behind a failed fetch, when the dispatcher refused the address. */
const unsafeCause = (err: unknown) => {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return isA(UnsafeUrlError, cause) ? cause : isA(UnsafeUrlError, err) ? err : null;
};

/**
 * Downloads `url` into memory, refusing addresses that are not public (SSRF), following at
 * most a few redirects (each hop checked again, and connected through the same dispatcher)
 * and aborting as soon as the body passes `maxBytes`, so an oversized file is never buffered
 * whole.
 */
export async function downloadFile(url: string, opts: DownloadOptions): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    try {
      checkUrlShape(current, opts.allowPrivate);
    } catch (err) {
      if (isA(UnsafeUrlError, err)) throw new DownloadError(err.message, 'unsafe');
      throw err;
    }
    let res: Response;
    try {
      res = await opts.fetch(current, { redirect: 'manual', signal, dispatcher: opts.dispatcher } as RequestInit);
    } catch (err) {
      const unsafe = unsafeCause(err);
      if (unsafe) throw new DownloadError(unsafe.message, 'unsafe');
      if (signal.aborted) throw new DownloadError(`se agotó el tiempo de ${opts.timeoutMs} ms al descargar ${url}`, 'timeout');
      throw new DownloadError(`no se pudo descargar ${url}: ${(err as Error).message}`, 'network');
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      current = new URL(res.headers.get('location') as string, current).toString();
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new DownloadError(`${url} respondió HTTP ${res.status}`, 'http');
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      await res.body?.cancel();
      throw new DownloadError(`el archivo en ${url} excede ${opts.maxBytes} bytes`, 'too_large');
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (res.body) {
      const reader = res.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          total += value.byteLength;
          if (total > opts.maxBytes) {
            await reader.cancel();
            throw new DownloadError(`el archivo en ${url} excede ${opts.maxBytes} bytes`, 'too_large');
          }
          chunks.push(value);
        }
      } catch (err) {
        if (isA(DownloadError, err)) throw err;
        if (signal.aborted) throw new DownloadError(`se agotó el tiempo de ${opts.timeoutMs} ms al descargar ${url}`, 'timeout');
        throw new DownloadError(`no se pudo leer ${url}: ${(err as Error).message}`, 'network');
      }
    }
    return { bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type') };
  }
  throw new DownloadError(`demasiadas redirecciones al descargar ${url}`, 'http');
}
