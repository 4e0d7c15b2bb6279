// POST /api/report: a visitor or a member reports an item (src/domain/reports/report.ts).
// Takes either an HTML form post (fields kind, itemId, reason, note; works without
// JavaScript: the answer is a 303 to the /report page that says what happened) or
// JSON from the ReportForm island (the answer is `{ message }` or `{ error }`).
// A JSON request with `Authorization: Bearer <ID token>` reports as that member
// (by uid); anyone else, including a member posting without JavaScript, reports
// as a visitor, named by a hash of their client address. Refused when it comes
// from another site (the origin is checked here: Astro's own form check is off) and
// when the client is over its limit (429). Reporting is always available, whatever
// the early-access switches say: a scam ad must be reportable with reviews off.
import type { APIRoute } from 'astro';
import {
  REPORT_RESULTS,
  reportErrorMessage,
  reportRequestFromForm,
  reportRequestSchema,
  type Reporter,
  type ReportResult,
} from '../../domain/reports/report.ts';
import { bearerToken, verifyCaller } from '../../data/server/accounts/auth.ts';
import { getDb } from '../../data/server/shared/firestore.ts';
import { clientHash, submitReport } from '../../data/server/reports/reports.ts';
import { clientAddressOf } from '../../security/client-address.ts';
import { formOrJsonAnswer, readFormOrJson, wantsJson } from '../../security/form-endpoint.ts';
import { fromThisSite } from '../../security/same-origin.ts';

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

/** The answer in the form the request came in (the /report page shows its own text per state). */
function answer(
  json: boolean,
  result: ReportResult,
  message: string = REPORT_RESULTS[result].body,
): Response {
  return formOrJsonAnswer(json, {
    result,
    status: STATUS[result],
    ok: result === 'sent' || result === 'already',
    message,
    resultPage: '/report',
  });
}

export const POST: APIRoute = async (context) => {
  const { request } = context;
  const json = wantsJson(request);
  if (!fromThisSite(request)) return answer(json, 'cross-site');
  let body: unknown;
  try {
    body = await readFormOrJson(request, json, reportRequestFromForm);
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
    const outcome = await submitReport(getDb(), parsed.data, reporter, clientAddress);
    return answer(json, outcome === 'tooMany' ? 'too-many' : outcome);
  } catch (error) {
    console.error('A report failed:', error);
    return answer(json, 'failed');
  }
};
