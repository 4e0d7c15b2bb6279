// POST /api/views/{collection}/{id} (JSON body `{}`): counts one view of an active product/service
// or classified ad. Sent by the ViewCounter component after the detail page has
// painted. Refused when it comes from another site, when the client address has
// sent too many in the last minute, or when the item is unknown or disabled.
// Answers 204 with no body; refusals answer `{ error }`. The JSON content type
// keeps Astro's own cross-site form check out of the way (it cannot see the port
// behind the local server); this endpoint checks the origin itself.
import type { APIRoute } from 'astro';
import {
  ClientRateLimiter,
  isSameOriginRequest,
  isViewCollection,
  VIEW_ITEM_ID_PATTERN,
  VIEW_STATUS,
  VIEWS_PER_CLIENT_PER_MINUTE,
  type ViewOutcome,
} from '../../../../domain/views.ts';
import { recordView } from '../../../../data/server/views.ts';

export const prerender = false;

const limiter = new ClientRateLimiter(VIEWS_PER_CLIENT_PER_MINUTE, 60_000);

const MESSAGES: Record<Exclude<ViewOutcome, 'counted'>, string> = {
  badRequest: 'Unknown item.',
  crossSite: 'Views are counted only from this site.',
  notFound: 'Item not found.',
  tooMany: 'Too many views from this address. Try again in a minute.',
  failed: 'The view could not be counted. Try again later.',
};

function answer(outcome: ViewOutcome): Response {
  const headers = { 'Cache-Control': 'private, no-store' };
  if (outcome === 'counted') return new Response(null, { status: VIEW_STATUS.counted, headers });
  return new Response(JSON.stringify({ error: MESSAGES[outcome] }), {
    status: VIEW_STATUS[outcome],
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** The client's address; adapters that cannot tell (some dev servers) throw, and all such clients share one window. */
function clientOf(context: { clientAddress: string }): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}

export const POST: APIRoute = async (context) => {
  const { params, request } = context;
  const { collection, id } = params;
  if (!isViewCollection(collection) || !id || !VIEW_ITEM_ID_PATTERN.test(id)) return answer('badRequest');
  if (!isSameOriginRequest(request.headers.get('Origin'), request.headers.get('Sec-Fetch-Site'), request.headers.get('Host'))) return answer('crossSite');
  if (!limiter.allow(clientOf(context), Date.now())) return answer('tooMany');
  try {
    return answer(await recordView(collection, id));
  } catch (error) {
    console.error('A view could not be counted:', error);
    return answer('failed');
  }
};
