// Where the e2e tests reach the emulators and the mail catcher. Inside
// `firebase emulators:exec` the hosts are in the environment; the defaults are
// the ports `npm test` uses.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** The demo project every test runs against. */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-shelfmark';

/** host:port of the Auth emulator. */
export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** Base URL of MailDev's web API. */
export const MAILDEV_URL = `http://${process.env.MAILDEV_HOST ?? '127.0.0.1'}:${process.env.MAILDEV_WEB_PORT ?? '1080'}`;

/** The emulator Auth of the demo project (same app as adminDb() in fixtures.ts). */
export function adminAuth(): Auth {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR_HOST;
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return getAuth(app);
}

/**
 * Polls `check` until it returns a value, or fails with `what` after `timeoutMs`. The
 * default allows a trigger whose worker starts cold on a busy two-core machine (CI
 * once took more than 15 s to write a published post's slug), as the functions tests' own helper does.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
