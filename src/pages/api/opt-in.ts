// POST /api/opt-in: a visitor asks to follow an author or to receive the
// newsletters by email (double opt-in, src/domain/accounts/opt-in.ts). Takes either an
// HTML form post (fields email, kind, authorUid; works without JavaScript: the
// answer is a 303 to the /opt-in page that says what happened) or JSON
// `{ email, purpose }` from the FollowByEmail and NewsletterSignup islands (the
// answer is `{ message }` or `{ error }`). Every accepted request gets the same
// "Check your inbox", whether or not the address is known, subscribed or over
// its own limit; only a client over its own limit gets 429. Refused when it comes
// from another site (the origin is checked here: Astro's own form check is off,
// see astro.config.mjs) and, for a follow, when the follows feature is off for
// visitors.
import type { APIRoute } from 'astro';
import {
  CHECK_INBOX_MESSAGE,
  OPT_IN_BAD_REQUEST_MESSAGE,
  OPT_IN_FAILED_MESSAGE,
  OPT_IN_TOO_MANY_MESSAGE,
  optInErrorMessage,
  optInRequestFromForm,
  OPT_IN_RESULTS,
  type OptInResult,
  optInRequestSchema,
} from '../../domain/accounts/opt-in.ts';
import { canViewerUseFeature } from '../../data/server/billing/early-access.ts';
import { getDb } from '../../data/server/shared/firestore.ts';
import { requestOptIn } from '../../data/server/editorial/opt-in.ts';
import { clientAddressOf } from '../../security/client-address.ts';
import { formOrJsonAnswer, readFormOrJson, wantsJson } from '../../security/form-endpoint.ts';
import { fromThisSite } from '../../security/same-origin.ts';

export const prerender = false;

type Result = OptInResult;

const STATUS: Record<Result, number> = {
  sent: 200,
  invalid: 400,
  'too-many': 429,
  'cross-site': 403,
  failed: 503,
};

/** The answer in the form the request came in (the result page shows its own text per state: OPT_IN_RESULTS). */
function answer(json: boolean, result: Result, message: string): Response {
  return formOrJsonAnswer(json, {
    result,
    status: STATUS[result],
    ok: result === 'sent',
    message,
    resultPage: '/opt-in',
  });
}

export const POST: APIRoute = async (context) => {
  const { request } = context;
  const json = wantsJson(request);
  if (!fromThisSite(request)) return answer(json, 'cross-site', OPT_IN_RESULTS['cross-site'].body);
  let body: unknown;
  try {
    body = await readFormOrJson(request, json, optInRequestFromForm);
  } catch {
    return answer(json, 'invalid', OPT_IN_BAD_REQUEST_MESSAGE);
  }
  const parsed = optInRequestSchema.safeParse(body);
  if (!parsed.success) return answer(json, 'invalid', optInErrorMessage(parsed.error));
  try {
    if (parsed.data.purpose.kind === 'follow' && !(await canViewerUseFeature('follows', null)))
      return answer(json, 'invalid', OPT_IN_BAD_REQUEST_MESSAGE);
    const outcome = await requestOptIn(getDb(), parsed.data, clientAddressOf(context));
    return outcome === 'tooMany'
      ? answer(json, 'too-many', OPT_IN_TOO_MANY_MESSAGE)
      : answer(json, 'sent', CHECK_INBOX_MESSAGE);
  } catch (error) {
    console.error('An opt-in request failed:', error);
    return answer(json, 'failed', OPT_IN_FAILED_MESSAGE);
  }
};
