import type { AddressInfo } from 'node:net';

/**
 * The base of links that leave the server (reset mails, checkout pages, the provider's return and
 * notify URLs). PUBLIC_BASE_URL when given; otherwise the address the server listens on, which with
 * PORT=0 is only known once it listens.
 */
export interface PublicBaseUrl {
  readonly current: () => string;
  /** Told the listening address (`server.address()`); changes nothing when PUBLIC_BASE_URL is given. */
  listeningAt(address: AddressInfo | string | null): void;
  /** Calls `listener` with each new address (a thread of its own keeps a copy). */
  onChange(listener: (url: string) => void): void;
}

/** Addresses that mean "every interface" are not a place a browser can go; this machine is. */
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]']);

/** The URL of a host and port a browser on this machine can open. */
export function localUrl(host: string, port: number): string {
  const name = ANY_ADDRESS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function createPublicBaseUrl(
  configured: string | undefined,
  planned: { readonly host: string; readonly port: number },
): PublicBaseUrl {
  // Until the server listens (and for an app only driven through inject), the configured address is the best guess.
  let resolved = configured ?? localUrl(planned.host, planned.port);
  const listeners: ((url: string) => void)[] = [];
  return {
    current: () => resolved,
    listeningAt(address) {
      if (configured !== undefined || address === null || typeof address === 'string') return;
      resolved = localUrl(address.address, address.port);
      for (const listener of listeners) listener(resolved);
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
