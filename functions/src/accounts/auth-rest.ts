/**
 * The Firebase Auth REST API (Identity Toolkit v1), for what the Admin SDK
 * cannot do: check and apply a mailed one-time code (oobCode). Applying the
 * code here, not in the browser, lets the function know for certain whose
 * account the code changed, and end that account's sessions before it answers.
 *
 * The REST API takes the project's public web API key (the one the site's
 * islands use): functions/.env.<project-id> sets it as FIREBASE_WEB_API_KEY.
 * On the emulators (FIREBASE_AUTH_EMULATOR_HOST set) any key is accepted.
 */
import * as logger from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/v2/https';

/** The REST methods used here: `resetPassword` checks a code (and, with newPassword, uses it); `update` applies an email code. */
export type AuthRestMethod = 'resetPassword' | 'update';

/** What the Auth REST API answered: its body, or the reason it gave ('INVALID_OOB_CODE', 'EXPIRED_OOB_CODE', 'WEAK_PASSWORD' …). */
export type AuthRestAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; reason: string };

/** The key the REST API is called with; throws when production has none configured. */
function webApiKey(emulated: boolean): string {
  const key = process.env.FIREBASE_WEB_API_KEY?.trim();
  if (key) return key;
  if (emulated) return 'emulator-accepts-any-key';
  logger.error('FIREBASE_WEB_API_KEY is not set: mailed links cannot be applied');
  throw new HttpsError('internal', 'This link cannot be used right now. Please try again later.');
}

/** The URL of `accounts:<method>`, on the Auth emulator when one is configured. */
export function authRestUrl(method: AuthRestMethod, env: NodeJS.ProcessEnv = process.env): string {
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  const root = emulator
    ? `http://${emulator}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${root}/v1/accounts:${method}?key=${encodeURIComponent(webApiKey(Boolean(emulator)))}`;
}

/**
 * The reason in an Auth REST error message: 'WEAK_PASSWORD : Password should
 * be at least 6 characters' gives 'WEAK_PASSWORD'. Anything unreadable is
 * 'UNKNOWN'.
 */
export function authRestReason(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  if (typeof message !== 'string') return 'UNKNOWN';
  return message.split(/[\s:]/, 1)[0] || 'UNKNOWN';
}

/** POSTs `body` to `accounts:<method>`. A 4xx answer is returned as its reason; a network or 5xx failure throws. */
export async function callAuthRest(
  method: AuthRestMethod,
  body: Record<string, unknown>,
): Promise<AuthRestAnswer> {
  const response = await fetch(authRestUrl(method), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && answer && typeof answer === 'object')
    return { ok: true, body: answer as Record<string, unknown> };
  if (response.status >= 400 && response.status < 500) return { ok: false, reason: authRestReason(answer) };
  throw new Error(`Auth REST accounts:${method} answered HTTP ${response.status}`);
}

/** The Firebase client SDK's error code for a rejected code, so the site's messages for each (resetLinkProblem) apply. */
export function actionCodeErrorCode(reason: string): string {
  return reason === 'EXPIRED_OOB_CODE' ? 'auth/expired-action-code' : 'auth/invalid-action-code';
}
