import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { isPublicAddress } from './addressPolicy.js';
import { notPublic, systemLookup, UnsafeUrlError, unresolvable, type LookupAll } from './publicUrl.js';

export interface OutboundOptions {
  /** VCASE_ALLOW_PRIVATE_URLS: any address may be reached. */
  allowPrivate: boolean;
  /** How names are resolved (the system's resolver; injected in tests). */
  resolve?: LookupAll;
  /** Which addresses may be reached; `isPublicAddress` unless tests say otherwise. */
  allow?: (address: string) => boolean;
}

/**
 * A `lookup` for `net.connect` that resolves the name once, checks every address it answers,
 * and hands the connection only addresses it checked: the connection goes to an address that
 * was checked, so a name that answers a public address to a check and a private one a moment
 * later (DNS rebinding) cannot slip through. Any address not allowed refuses the whole name.
 */
export function checkedLookup(resolve: LookupAll, allow: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    const reply = callback as (err: Error | null, address?: string | { address: string; family: number }[], family?: number) => void;
    resolve(hostname).then(
      (answers) => {
        const addresses = answers.map((a) => a.address);
        if (addresses.length === 0) return reply(new UnsafeUrlError(unresolvable(hostname)));
        const refused = addresses.find((a) => !allow(a));
        if (refused !== undefined) return reply(new UnsafeUrlError(notPublic(hostname, refused)));
        const family = typeof options === 'object' ? options.family : options;
        const wanted = family === 4 || family === 6 ? addresses.filter((a) => isIP(a) === family) : addresses;
        if (wanted.length === 0) return reply(new UnsafeUrlError(unresolvable(hostname)));
        if (typeof options === 'object' && options.all)
          return reply(
            null,
            wanted.map((address) => ({ address, family: isIP(address) })),
          );
        return reply(null, wanted[0], isIP(wanted[0]));
      },
      (err: Error) => reply(new UnsafeUrlError(unresolvable(hostname, err))),
    );
  };
}

/**
 * The dispatcher every request to a URL a client gave goes through (document downloads and
 * webhook deliveries, redirects included): names are resolved once and the connection pinned
 * to a checked address (`checkedLookup`), and an address written in the URL is checked before
 * connecting (the system resolver is not asked about those). Nothing refused leaves the machine.
 */
export function outboundDispatcher(opts: OutboundOptions): Dispatcher {
  if (opts.allowPrivate) return new Agent();
  const allow = opts.allow ?? isPublicAddress;
  const connect = buildConnector({ lookup: checkedLookup(opts.resolve ?? systemLookup, allow) });
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && !allow(host)) return callback(new UnsafeUrlError(notPublic(host, host)), null);
      return connect(options, callback);
    },
  });
}

/** The resolver and dispatcher of requests to URLs clients gave. */
export interface OutboundNet {
  resolve: LookupAll;
  dispatcher: Dispatcher;
}

export function outboundNet(allowPrivate: boolean, resolve: LookupAll = systemLookup): OutboundNet {
  return { resolve, dispatcher: outboundDispatcher({ allowPrivate, resolve }) };
}

const madeFor = new WeakMap<object, OutboundNet>();

/** The context's outbound resolver and dispatcher; one made from its config when it has none. */
export function outboundOf(ctx: { config: { allowPrivateUrls: boolean }; outbound?: OutboundNet }): OutboundNet {
  if (ctx.outbound) return ctx.outbound;
  let made = madeFor.get(ctx.config);
  if (!made) madeFor.set(ctx.config, (made = outboundNet(ctx.config.allowPrivateUrls)));
  return made;
}
