import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './addressPolicy.js';

/** A URL the server refuses to fetch: bad scheme, or a host that is not public. */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

export const CREDENTIALS_IN_URL = 'la URL no puede incluir usuario ni contraseña (usuario:clave@host)';
export const unresolvable = (host: string, err?: Error) => `no se puede resolver el host ${host}${err ? `: ${err.message}` : ''}`;
export const notPublic = (host: string, address: string) =>
  `el host ${host} de la URL resuelve a una dirección que no es pública (privada, de loopback o de uso especial): ${address}`;

export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;

export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The parts of a URL's check that need no resolver: http(s), no user or password, and a
 * host written as an address must be public (unless `allowPrivate`). A host name is left to
 * the connection, which resolves it once and checks what it connects to (`net/outbound.ts`).
 */
export function checkUrlShape(url: string | URL, allowPrivate: boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrlError(`URL inválida: ${String(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UnsafeUrlError(`esquema de URL no permitido: ${parsed.protocol.replace(/:$/, '')}`);
  }
  // fetch refuses such a URL outright; it would also keep a password in every record of it.
  if (parsed.username || parsed.password) throw new UnsafeUrlError(CREDENTIALS_IN_URL);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new UnsafeUrlError(notPublic(host, host));
  return parsed;
}

export interface PublicUrlOptions {
  allowPrivate: boolean;
  /**
   * Accept a host name that does not resolve now (no such name yet, DNS down): for a URL
   * stored to be used later and checked again then (webhook registrations).
   */
  acceptUnresolved?: boolean;
  /** Injected in tests; default `dns.lookup` with `all: true`. */
  lookup?: LookupAll;
}

/**
 * Checks a URL to be stored and used later (a webhook's): `checkUrlShape`, and unless
 * `allowPrivate`, that every address its host resolves to now is public. Requests made with
 * it later check again, on the connection itself.
 */
export async function assertPublicUrl(url: string | URL, opts: PublicUrlOptions): Promise<URL> {
  const parsed = checkUrlShape(url, opts.allowPrivate);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (opts.allowPrivate || isIP(host)) return parsed;
  let addresses: string[];
  try {
    addresses = (await (opts.lookup ?? systemLookup)(host)).map((a) => a.address);
  } catch (err) {
    if (opts.acceptUnresolved) return parsed;
    throw new UnsafeUrlError(unresolvable(host, err as Error));
  }
  if (addresses.length === 0) {
    if (opts.acceptUnresolved) return parsed;
    throw new UnsafeUrlError(unresolvable(host));
  }
  const inward = addresses.find((a) => !isPublicAddress(a));
  if (inward !== undefined) throw new UnsafeUrlError(notPublic(host, inward));
  return parsed;
}
