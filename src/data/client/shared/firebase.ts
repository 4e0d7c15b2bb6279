/**
 * The web SDK's app, created on first use. Islands reach Firebase only through
 * the repository modules next to this file, each loaded with `await import()`,
 * so a page downloads the SDK only when a visitor does something that needs it.
 */
import { getApp, getApps, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';

const env = import.meta.env;

/**
 * True when no real project is configured: the site then talks to the demo
 * project on the local emulators (npm start, npm test).
 */
export const usesEmulators = !env.PUBLIC_FIREBASE_API_KEY;

const options: FirebaseOptions = usesEmulators
  ? {
      apiKey: 'demo-shelfmark-key',
      projectId: 'demo-shelfmark',
      authDomain: 'demo-shelfmark.firebaseapp.com',
    }
  : {
      apiKey: env.PUBLIC_FIREBASE_API_KEY,
      authDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN,
      projectId: env.PUBLIC_FIREBASE_PROJECT_ID,
      appId: env.PUBLIC_FIREBASE_APP_ID,
    };

/** Where the browser reaches each emulator; ports can be moved at build time so several runs can share a machine. */
export const emulator = {
  host: env.PUBLIC_EMULATOR_HOST || '127.0.0.1',
  authPort: Number(env.PUBLIC_AUTH_EMULATOR_PORT || 9099),
  firestorePort: Number(env.PUBLIC_FIRESTORE_EMULATOR_PORT || 8080),
  functionsPort: Number(env.PUBLIC_FUNCTIONS_EMULATOR_PORT || 5001),
};

/** The region the callable functions are deployed in (src/config.ts: the CSP allows the same host). */
export { FUNCTIONS_REGION } from '../../../config.ts';

/** The one Firebase app of this page. */
export function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(options);
}
