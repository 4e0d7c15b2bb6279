// The Admin SDK door for build-time pre-rendering and on-demand pages. Locally
// FIRESTORE_EMULATOR_HOST points it at the emulator; in production the service
// account in FIREBASE_SERVICE_ACCOUNT (one-line JSON) authenticates it.
import { cert, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

const APP_NAME = 'shelfmark-site';

function projectId(): string {
  return process.env.FIREBASE_PROJECT_ID || process.env.GCLOUD_PROJECT || 'demo-shelfmark';
}

function app(): App {
  if (getApps().some((a) => a.name === APP_NAME)) return getApp(APP_NAME);
  const serviceAccount = process.env.FIREBASE_SERVICE_ACCOUNT;
  return initializeApp(
    serviceAccount
      ? { credential: cert(JSON.parse(serviceAccount)), projectId: projectId() }
      : { projectId: projectId() },
    APP_NAME,
  );
}

let db: Firestore | undefined;

/** The site's Firestore (Admin SDK), created once per process. */
export function getDb(): Firestore {
  db ??= getFirestore(app());
  return db;
}

/** The site's Admin SDK app (for Auth's token checks beside Firestore), created once per process. */
export const adminApp = app;
