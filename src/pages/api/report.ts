// POST /api/report: a visitor or a member reports an item (src/domain/report.ts).
// Takes either an HTML form post (fields kind, itemId, reason, note; works without
// JavaScript: the answer is a 303 to the /report page that says what happened) or
// JSON from the ReportForm island (the answer is `{ message }` or `{ error }`).
// A JSON request with `Authorization: Bearer <ID token>` reports as that member
// (by uid); anyone else, including a member posting without JavaScript, reports
// as a visitor, named by a hash of their client address. Refused when it comes
// from another site (the origin is checked here: Astro's own form check is off),
// when the 'reviews' feature (which reports belong to) is off for the viewer, and
// when the client is over its limit (429).
import type { APIRoute } from 'astro';
import {
  REPORT_RESULTS,
  reportErrorMessage,
  reportRequestFromForm,
  reportRequestSchema,
  type Reporter,
  type ReportResult,
} from '../../domain/report.ts';
import { isSameOriginRequest } from '../../domain/views.ts';
import { bearerToken, verifyCaller } from '../../data/server/auth.ts';
import { canViewerUseFeature } from '../../data/server/early-access.ts';
import { getDb } from '../../data/server/firestore.ts';
import { clientHash, submitReport } from '../../data/server/reports.ts';
import { clientAddressOf } from '../../security/client-address.ts';

export const prerender = false;

const STATUS: Record<ReportResult, number> = {
  sent: 200,
  already: 200,
  invalid: 400,
  unavailable: 404,
  'too-many': 429,
  'cross-site': 403,
  failed: 503,
};

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The answer in the form the request came in: JSON for fetch, a redirect to the result page for a form. */
function answer(
  json: boolean,
  result: ReportResult,
  message: string = REPORT_RESULTS[result].body,
): Response {
  if (json) {
    const ok = result === 'sent' || result === 'already';
    return new Response(JSON.stringify(ok ? { message } : { error: message }), {
      status: STATUS[result],
      headers: { ...NO_STORE, 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
  const params = new URLSearchParams({ result });
  return new Response(null, { status: 303, headers: { ...NO_STORE, Location: `/report?${params}` } });
}

async function readBody(request: Request, json: boolean): Promise<unknown> {
  if (json) return request.json();
  const form = await request.formData();
  return reportRequestFromForm(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')));
}

export const POST: APIRoute = async (context) => {
  const { request } = context;
  const json = (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/json');
  if (
    !isSameOriginRequest(
      request.headers.get('Origin'),
      request.headers.get('Sec-Fetch-Site'),
      request.headers.get('Host'),
    )
  )
    return answer(json, 'cross-site');
  let body: unknown;
  try {
    body = await readBody(request, json);
  } catch {
    return answer(json, 'invalid');
  }
  const parsed = reportRequestSchema.safeParse(body);
  if (!parsed.success) return answer(json, 'invalid', reportErrorMessage(parsed.error));
  try {
    const token = json ? bearerToken(request.headers.get('Authorization')) : null;
    const caller = token ? await verifyCaller(token) : null;
    const clientAddress = clientAddressOf(context);
    const reporter: Reporter = caller
      ? { kind: 'member', uid: caller.uid }
      : { kind: 'visitor', client_hash: clientHash(clientAddress) };
    if (!(await canViewerUseFeature('reviews', caller?.uid ?? null))) return answer(json, 'unavailable');
    const outcome = await submitReport(getDb(), parsed.data, reporter, clientAddress);
    return answer(json, outcome === 'tooMany' ? 'too-many' : outcome);
  } catch (error) {
    console.error('A report failed:', error);
    return answer(json, 'failed');
  }
};
