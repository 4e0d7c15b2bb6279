// What the site's visitor-facing POST endpoints (/api/opt-in, /api/report) share:
// each takes an HTML form post (works without JavaScript: the answer is a 303 to
// its result page) or JSON from its island (the answer is `{ message }` or
// `{ error }`), refuses requests from other sites (Astro's own form check is
// off, see astro.config.mjs; the check is same-origin.ts), and is never cached.

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** True when the request is the island's JSON rather than a plain form post. */
export function wantsJson(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/json');
}

/** The request's body: the JSON, or the form's text fields as `fromForm` reads them. */
export async function readFormOrJson(
  request: Request,
  json: boolean,
  fromForm: (fields: Record<string, string>) => unknown,
): Promise<unknown> {
  if (json) return request.json();
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return fromForm(fields);
}

/**
 * The answer in the form the request came in: JSON with `message` (ok) or
 * `error` and `status`; for a form, a 303 to `resultPage?result=…`, which shows
 * its own text for each result.
 */
export function formOrJsonAnswer(
  json: boolean,
  answer: { result: string; status: number; ok: boolean; message: string; resultPage: string },
): Response {
  if (json)
    return new Response(JSON.stringify(answer.ok ? { message: answer.message } : { error: answer.message }), {
      status: answer.status,
      headers: { ...NO_STORE, 'Content-Type': 'application/json; charset=utf-8' },
    });
  const params = new URLSearchParams({ result: answer.result });
  return new Response(null, {
    status: 303,
    headers: { ...NO_STORE, Location: `${answer.resultPage}?${params}` },
  });
}
