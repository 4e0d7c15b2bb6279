// The same-origin check of the site's POST handlers that take no ID token: the
// visitors' form endpoints (/api/opt-in, /api/report, through form-endpoint.ts),
// the view counter (/api/views/…) and the opt-in confirmation (/confirm).
// Astro's own cross-site form check is off (astro.config.mjs), so each of them
// calls fromThisSite.

/**
 * Whether a request comes from a page of this site: the host in `Origin` (which
 * browsers send on every POST made by fetch) is the host the request was sent to,
 * and `Sec-Fetch-Site`, when present, says same-origin. A page on another site
 * sends its own origin. (Compared with the Host header rather than the server's
 * idea of its URL, which behind a local proxy does not carry the port.)
 */
export function isSameOriginRequest(
  origin: string | null,
  secFetchSite: string | null,
  host: string | null,
): boolean {
  if (secFetchSite !== null && secFetchSite !== 'same-origin') return false;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** True when the request comes from a page of this site (isSameOriginRequest on its headers). */
export function fromThisSite(request: Request): boolean {
  return isSameOriginRequest(
    request.headers.get('Origin'),
    request.headers.get('Sec-Fetch-Site'),
    request.headers.get('Host'),
  );
}
