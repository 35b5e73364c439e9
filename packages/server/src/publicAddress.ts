import type { Config } from './config.js';

/**
 * Where clients reach this server, for the links it builds (stored-file URLs, webhook links,
 * the demo credentials). `VCASE_PUBLIC_URL` when set; else the address the API listens on,
 * whose port the system picks for port 0; a worker, which listens nowhere, takes the address
 * the API recorded. Held apart from the config, which nothing changes once read.
 */
export interface PublicAddress {
  /** Base URL without a trailing slash. */
  readonly baseUrl: string;
  /** Whether `VCASE_PUBLIC_URL` names it (then `listening` and `follow` change nothing). */
  readonly configured: boolean;
  /** The API listens on `port` (the one the system picked, for port 0). */
  listening(port: number): void;
  /** A worker read the address the API recorded. */
  follow(url: string): void;
}

export function publicAddress(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): PublicAddress {
  let port = config.port;
  let followed: string | undefined;
  const configured = config.publicUrl !== undefined;
  return {
    get baseUrl() {
      return (config.publicUrl ?? followed ?? `http://${config.host}:${port}`).replace(/\/+$/, '');
    },
    configured,
    listening(bound) {
      port = bound;
    },
    follow(url) {
      followed = url;
    },
  };
}
