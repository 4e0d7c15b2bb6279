// POST /api/views/{collection}/{id} (JSON body `{}`): counts one view of a public profile, book,
// product/service or classified ad, at most once per visitor per item per day, in the item's
// count and its owner's analytics (src/data/server/members/views.ts). Sent by the ViewCounter component
// after the page has painted. A bot (by its User-Agent) gets the same 204 and nothing is written. Refused when it comes from another
// site, when the visitor has sent too many in the last minute, or when the item is unknown or
// disabled. Answers 204 with no body, also for a view already counted today (a replay learns
// nothing); refusals answer `{ error }`. The JSON content type keeps Astro's own cross-site form
// check out of the way (it cannot see the port behind the local server); this endpoint checks the
// origin itself.
import type { APIRoute } from 'astro';
import {
  isViewCollection,
  VIEW_ITEM_ID_PATTERN,
  VIEW_STATUS,
  type ViewOutcome,
} from '../../../../domain/items/views.ts';
import { getDb } from '../../../../data/server/shared/firestore.ts';
import { sharedViewCounter } from '../../../../data/server/members/views.ts';
import { clientAddressOf } from '../../../../security/client-address.ts';
import { fromThisSite } from '../../../../security/same-origin.ts';

export const prerender = false;

const MESSAGES: Record<Exclude<ViewOutcome, 'counted' | 'alreadyCounted' | 'bot'>, string> = {
  badRequest: 'Unknown item.',
  crossSite: 'Views are counted only from this site.',
  notFound: 'Item not found.',
  tooMany: 'Too many views from this address. Try again in a minute.',
  failed: 'The view could not be counted. Try again later.',
};

function answer(outcome: ViewOutcome): Response {
  const headers = { 'Cache-Control': 'private, no-store' };
  if (outcome === 'counted' || outcome === 'alreadyCounted' || outcome === 'bot')
    return new Response(null, { status: VIEW_STATUS[outcome], headers });
  return new Response(JSON.stringify({ error: MESSAGES[outcome] }), {
    status: VIEW_STATUS[outcome],
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export const POST: APIRoute = async (context) => {
  const { params, request } = context;
  const { collection, id } = params;
  if (!isViewCollection(collection) || !id || !VIEW_ITEM_ID_PATTERN.test(id)) return answer('badRequest');
  if (!fromThisSite(request)) return answer('crossSite');
  try {
    return answer(
      await sharedViewCounter(getDb()).count({
        collection,
        id,
        clientAddress: clientAddressOf(context),
        userAgent: request.headers.get('User-Agent'),
        now: Date.now(),
      }),
    );
  } catch (error) {
    console.error('A view could not be counted:', error);
    return answer('failed');
  }
};
