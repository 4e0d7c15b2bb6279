/**
 * Which address a request to the site comes from: the one rule the on-demand
 * endpoints that count by client (views, uploads) use. A client can write any
 * header it likes, so only what the platform sets is trusted:
 * - on Netlify, Astro's `clientAddress` is the function context's `ip`
 *   (@astrojs/netlify sets it from Netlify's context, which Netlify's edge
 *   fills from the connection, as it does the `x-nf-client-connection-ip`
 *   header, overwriting anything the client sent);
 * - on the local server (scripts/lib/serve.mjs with @astrojs/node), the socket
 *   address. @astrojs/node would take the FIRST X-Forwarded-For entry, which the
 *   client writes, so the local server, standing where Netlify's edge stands,
 *   drops every address header a client sent (`dropClientAddressHeaders`)
 *   before Astro sees the request;
 * - `astro dev` gives the socket address itself.
 */
import type { IncomingMessage } from 'node:http';
import { clientLimitKey } from '../domain/shared/client-key.ts';

/** Headers that name a client address; a client can write every one of them. */
export const CLIENT_ADDRESS_HEADERS = [
  'x-forwarded-for',
  'x-nf-client-connection-ip',
  'x-real-ip',
  'forwarded',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
] as const;

/**
 * Removes the address headers a client sent, so the Node adapter falls back to
 * the socket address. Called by the local server on every request, first thing.
 */
export function dropClientAddressHeaders(request: Pick<IncomingMessage, 'headers'>): void {
  for (const name of CLIENT_ADDRESS_HEADERS) delete request.headers[name];
}

/**
 * The client as limits and counters see it, from Astro's context: an IPv4 address,
 * an IPv6 address's /64 network, IPv4-mapped IPv6 as plain IPv4 (so
 * `::ffff:127.0.0.1` and `127.0.0.1` are one client); src/domain/shared/client-key.ts.
 * Adapters that cannot tell throw; such clients share one address, 'unknown'.
 */
export function clientAddressOf(context: { clientAddress: string }): string {
  let address: string;
  try {
    address = context.clientAddress;
  } catch {
    return 'unknown';
  }
  if (!address) return 'unknown';
  return clientLimitKey(address);
}
