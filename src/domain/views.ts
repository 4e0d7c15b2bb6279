// The view counter of products/services and classified ads. A detail page asks
// the site's endpoint to count one view after it has painted; the endpoint adds
// exactly one with the Admin SDK. Nobody else can change `views_count`: the
// security rules refuse it on every client write, so a number can be neither set
// nor bumped by more than one per request.

/** The collections whose items count views. */
export const VIEW_COLLECTIONS = ['products_services', 'classified_ads'] as const;
export type ViewCollection = (typeof VIEW_COLLECTIONS)[number];

/** Firestore auto ids and seeded ids: letters, digits, '_' and '-', at most 128 characters. */
export const VIEW_ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * How many views one client address may record per minute, over all items. A
 * person browsing never comes close; a script replaying the request is cut off.
 */
export const VIEWS_PER_CLIENT_PER_MINUTE = 60;

export function isViewCollection(value: unknown): value is ViewCollection {
  return typeof value === 'string' && (VIEW_COLLECTIONS as readonly string[]).includes(value);
}

/** The endpoint that counts one view of an item. */
export function viewEndpoint(collection: ViewCollection, id: string): string {
  return `/api/views/${collection}/${encodeURIComponent(id)}`;
}

/** What the endpoint answers, by outcome. */
export const VIEW_STATUS = {
  counted: 204,
  badRequest: 400,
  crossSite: 403,
  notFound: 404,
  tooMany: 429,
  failed: 503,
} as const;
export type ViewOutcome = keyof typeof VIEW_STATUS;

/**
 * Whether a request comes from a page of this site: the host in `Origin` (which
 * browsers send on every POST made by fetch) is the host the request was sent to,
 * and `Sec-Fetch-Site`, when present, says same-origin. A page on another site
 * sends its own origin. (Compared with the Host header rather than the server's
 * idea of its URL, which behind a local proxy does not carry the port.)
 */
export function isSameOriginRequest(origin: string | null, secFetchSite: string | null, host: string | null): boolean {
  if (secFetchSite !== null && secFetchSite !== 'same-origin') return false;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * A fixed-window counter per client address, kept in the server's memory. It is
 * a brake on replayed requests, not an exact quota: each server instance keeps
 * its own windows. Old windows are dropped as the map is used, so it stays small.
 */
export class ClientRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxClients = 10_000,
  ) {}

  /** Records one request from `client` at `now`; false when it is over the limit. */
  allow(client: string, now: number): boolean {
    const current = this.windows.get(client);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size >= this.maxClients) this.dropExpired(now);
      if (this.windows.size >= this.maxClients) return false;
      this.windows.set(client, { start: now, count: 1 });
      return true;
    }
    if (current.count >= this.limit) return false;
    current.count += 1;
    return true;
  }

  private dropExpired(now: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(client);
  }
}
