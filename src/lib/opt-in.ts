// The browser's side of POST /api/opt-in (src/pages/api/opt-in.ts): sends a
// validated request as JSON and hands back the server's one answer or its error.
// Used by the FollowByEmail island and the newsletter sign-up's script.
import { OPT_IN_FAILED_MESSAGE } from '../domain/accounts/opt-in-messages.ts';
import type { OptInRequest } from '../domain/accounts/opt-in.ts';

/** The endpoint's address. */
export const OPT_IN_ENDPOINT = '/api/opt-in';

/** What the endpoint answered: its message, or why the request was not sent. */
export type OptInAnswer = { ok: true; message: string } | { ok: false; message: string };

/** Sends `request`; a network failure or an answer without a message is OPT_IN_FAILED_MESSAGE. */
export async function sendOptIn(request: OptInRequest): Promise<OptInAnswer> {
  try {
    const response = await fetch(OPT_IN_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; error?: unknown };
    if (response.ok && typeof body.message === 'string') return { ok: true, message: body.message };
    return { ok: false, message: typeof body.error === 'string' ? body.error : OPT_IN_FAILED_MESSAGE };
  } catch {
    return { ok: false, message: OPT_IN_FAILED_MESSAGE };
  }
}
