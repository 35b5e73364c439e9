import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** A URL the server refuses to fetch: bad scheme, or a host on a loopback/private network. */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

// Addresses a server-side request must not reach unless the operator allows it
// (VCASE_ALLOW_PRIVATE_URLS): otherwise a webhook or document URL could probe the host
// itself, the internal network, or a cloud metadata endpoint (169.254.169.254).
const blocked = new BlockList();
blocked.addSubnet('0.0.0.0', 8, 'ipv4');
blocked.addSubnet('127.0.0.0', 8, 'ipv4');
blocked.addSubnet('10.0.0.0', 8, 'ipv4');
blocked.addSubnet('172.16.0.0', 12, 'ipv4');
blocked.addSubnet('192.168.0.0', 16, 'ipv4');
blocked.addSubnet('169.254.0.0', 16, 'ipv4');
blocked.addAddress('::', 'ipv6');
blocked.addAddress('::1', 'ipv6');
blocked.addSubnet('fc00::', 7, 'ipv6');
blocked.addSubnet('fe80::', 10, 'ipv6');

/** Whether an IP literal is loopback, private, link-local or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  // BlockList also applies the IPv4 rules to IPv4-mapped IPv6 (::ffff:7f00:1).
  return family === 6 && blocked.check(address, 'ipv6');
}

export const CREDENTIALS_IN_URL = 'la URL no puede incluir usuario ni contraseña (usuario:clave@host)';

export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;

export interface PublicUrlOptions {
  allowPrivate: boolean;
  /**
   * Accept a host name that does not resolve now (no such name yet, DNS down): for a URL
   * stored to be used later and checked again then (webhook registrations), not for one
   * fetched at once.
   */
  acceptUnresolved?: boolean;
  /** Injected in tests; default `dns.lookup` with `all: true`. */
  lookup?: LookupAll;
}

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Checks that `url` is http(s) and, unless `allowPrivate`, that every address its host
 * resolves to is public. Returns the parsed URL; throws `UnsafeUrlError` otherwise.
 * The fetch resolves the name again, so a name rebound between the two lookups slips
 * through; callers also refuse redirects so a public host cannot bounce a request inward.
 */
export async function assertPublicUrl(url: string | URL, opts: PublicUrlOptions): Promise<URL> {
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
  if (opts.allowPrivate) return parsed;

  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await (opts.lookup ?? defaultLookup)(host)).map((a) => a.address);
    } catch (err) {
      if (opts.acceptUnresolved) return parsed;
      throw new UnsafeUrlError(`no se puede resolver el host ${host}: ${(err as Error).message}`);
    }
    if (addresses.length === 0) {
      if (opts.acceptUnresolved) return parsed;
      throw new UnsafeUrlError(`no se puede resolver el host ${host}`);
    }
  }
  const inward = addresses.find(isPrivateAddress);
  if (inward !== undefined) {
    throw new UnsafeUrlError(`el host ${host} de la URL resuelve a una dirección privada o de loopback (${inward})`);
  }
  return parsed;
}
