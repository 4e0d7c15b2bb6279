/**
 * Calls to our callable Cloud Functions. The SDK attaches the signed-in
 * member's ID token and, in production when configured, an App Check token.
 */
import { FirebaseError } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { CallableName, CallableRequest, CallableResponse } from '../../../domain/callables.ts';
import { emulator, firebaseApp, FUNCTIONS_REGION, usesEmulators } from './firebase.ts';
import { isSessionEndedAnswer, leaveSession, sessionWasEnded } from './session-guard.ts';

/** How a call ended: the function's answer, or its error code ('resource-exhausted' …) and message. */
export type CallOutcome<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

let instance: Promise<Functions> | undefined;

/**
 * App Check proves a request comes from this site, not a script. It starts when
 * the build sets PUBLIC_APP_CHECK_SITE_KEY (a reCAPTCHA Enterprise key), before
 * the first call, so the functions can require it (ENFORCE_APP_CHECK).
 */
async function startAppCheck(): Promise<void> {
  const siteKey = import.meta.env.PUBLIC_APP_CHECK_SITE_KEY;
  if (usesEmulators || !siteKey) return;
  const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
  initializeAppCheck(firebaseApp(), {
    provider: new ReCaptchaEnterpriseProvider(siteKey),
    isTokenAutoRefreshEnabled: true,
  });
}

function functions(): Promise<Functions> {
  instance ??= startAppCheck().then(() => {
    const created = getFunctions(firebaseApp(), FUNCTIONS_REGION);
    if (usesEmulators) connectFunctionsEmulator(created, emulator.host, emulator.functionsPort);
    return created;
  });
  return instance;
}

/**
 * Creates Auth and waits until it has restored the session the browser kept. The SDK
 * attaches the member's ID token only when Auth already exists on the page, so a page's
 * first call could otherwise go out before anything created Auth, as a visitor's, and be
 * refused. A session that cannot be restored (storage blocked) leaves the call a visitor's.
 */
async function sessionRestored(): Promise<void> {
  const { authInstance } = await import('./auth.ts');
  await authInstance()
    .authStateReady()
    .catch(() => undefined);
}

/**
 * Calls the callable function `name` with `data`, typed by its entry in
 * src/domain/callables.ts; never throws. An answer that the session was ended
 * elsewhere, or a refusal as signed out once this browser's session has ended,
 * also opens the sign-in screen (session-guard.ts).
 */
export async function callFunction<N extends CallableName>(
  name: N,
  data: CallableRequest<N>,
): Promise<CallOutcome<CallableResponse<N>>> {
  try {
    const [handle] = await Promise.all([functions(), sessionRestored()]);
    const call = httpsCallable<CallableRequest<N>, CallableResponse<N>>(handle, name);
    return { ok: true, data: (await call(data)).data };
  } catch (error) {
    if (error instanceof FirebaseError) {
      const code = error.code.replace(/^functions\//, '');
      // The SDK appends the HTTP status (' [401]'): the function's own sentence is what a person reads.
      const message = error.message.replace(/ \[\d{3}\]$/, '');
      // The session was ended elsewhere: the one place that sends this browser to the sign-in screen.
      // A call refused as signed out counts too when this browser's session did end (another tab
      // left it first, so this call went without a token), as a refused direct write does.
      if (
        isSessionEndedAnswer(code, message) ||
        (code === 'unauthenticated' && (await sessionWasEnded().catch(() => false)))
      )
        leaveSession();
      return { ok: false, code, message };
    }
    return { ok: false, code: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}
