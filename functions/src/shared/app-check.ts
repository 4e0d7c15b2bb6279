/**
 * ENFORCE_APP_CHECK=true (in functions/.env.<project-id>) makes the public
 * callables refuse requests without a valid App Check token, so only the site
 * itself, not a script, can call them. Off unless set: the demo project and the
 * emulators have no App Check, and switching it on before the site sends tokens
 * (PUBLIC_APP_CHECK_SITE_KEY) would lock every visitor out. Read when the
 * functions load, as callable options are fixed then.
 */
export function enforceAppCheck(): boolean {
  return process.env.ENFORCE_APP_CHECK?.trim().toLowerCase() === 'true';
}
