// Prepares the environment that the Firebase emulators need on this machine and
// returns it, so every script (start, test, reset, bench) starts them the same way.
//
// Why: firebase-tools downloads the Firestore emulator jar on first use, which fails
// on a machine without internet. Debian's `google-cloud-cli-firestore-emulator`
// ships the same emulator, but its jar has no Main-Class, and firebase-tools runs
// `java -jar $FIRESTORE_EMULATOR_BINARY_PATH`. So, when firebase-tools has no jar
// of its own, we build a tiny launcher jar whose manifest points at Debian's jar.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-shelfmark';

/**
 * Emulator ports, the Firebase defaults, so tools and docs agree. publishHook is the local
 * deploy hook (scripts/lib/publish-receiver.mjs), which DEPLOY_HOOK_URL in
 * functions/.env.demo-shelfmark names; the Cloud Tasks emulator takes its default, 9499.
 * stripe is the local Stripe stand-in (scripts/lib/stripe-standin.mjs), which
 * STRIPE_STANDIN_URL in functions/.env.demo-shelfmark names. openLibrary is the local
 * Open Library stand-in (scripts/lib/openlibrary-standin.mjs), which OPEN_LIBRARY_BASE_URL
 * and OPEN_LIBRARY_COVERS_URL there name. mailProvider is the local mail provider stand-in
 * (scripts/lib/mail-standin.mjs), which posts bounces and complaints to the mailWebhook.
 */
export const PORTS = {
  auth: 9099,
  firestore: 8080,
  functions: 5001,
  storage: 9199,
  site: 4321,
  mailSmtp: 1025,
  mailWeb: 1080,
  publishHook: 4330,
  stripe: 12111,
  openLibrary: 12112,
  mailProvider: 12113,
};

const DEBIAN_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** True when firebase-tools already downloaded its own Firestore emulator jar. */
function firebaseToolsHasFirestoreJar() {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((f) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(f));
}

/** Builds (once) the launcher jar for Debian's Firestore emulator and returns its path. */
function debianLauncherJar() {
  if (!existsSync(DEBIAN_JAR)) return undefined;
  const dir = join(ROOT, '.cache', 'firestore-launcher');
  const jar = join(dir, 'firestore-launcher.jar');
  if (existsSync(jar)) return jar;
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, 'MANIFEST.MF');
  writeFileSync(manifest, `Manifest-Version: 1.0\nMain-Class: ${MAIN_CLASS}\nClass-Path: ${DEBIAN_JAR}\n`);
  execFileSync('jar', ['cfm', jar, manifest], { stdio: 'inherit' });
  return jar;
}

/**
 * Locally there is no Google Cloud metadata server: firebase-admin's auth library would
 * probe for one (and print a MetadataLookupWarning on an offline machine) unless told so.
 */
const NO_METADATA_SERVER = { METADATA_SERVER_DETECTION: 'none' };

/**
 * Preloaded into the emulators' Node processes: a functions worker then starts without
 * firebase-tools' deploy code (scripts/lib/functions-worker-preload.cjs).
 */
const WORKER_PRELOAD = `--require ${JSON.stringify(join(ROOT, 'scripts', 'lib', 'functions-worker-preload.cjs'))}`;

/**
 * Environment for `firebase emulators:*`: the project id, the functions workers'
 * preload, and the Firestore launcher when firebase-tools' own download is not there.
 */
export function emulatorEnv(base = process.env) {
  const env = {
    ...base,
    NODE_OPTIONS: [base.NODE_OPTIONS, WORKER_PRELOAD].filter(Boolean).join(' '),
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    // How long the functions emulator waits for a new function worker to load the
    // code before it gives the event up ("Failed to load function."): 30 s by
    // default, which a busy two-core machine exceeds, and a trigger event given up
    // is lost for good. Loading is slow there, never stuck, so wait longer.
    FUNCTIONS_DISCOVERY_TIMEOUT: base.FUNCTIONS_DISCOVERY_TIMEOUT ?? '180',
    ...NO_METADATA_SERVER,
  };
  if (!env.FIRESTORE_EMULATOR_BINARY_PATH && !firebaseToolsHasFirestoreJar()) {
    const jar = debianLauncherJar();
    if (jar) env.FIRESTORE_EMULATOR_BINARY_PATH = jar;
  }
  return env;
}

/** Environment that points SDKs (Admin and web) at the running emulators. */
export function clientEnv(base = process.env) {
  return {
    ...base,
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
    ...NO_METADATA_SERVER,
  };
}

/** The emulators this project runs: Storage only where its runtime jar can be had. */
export function emulatorList() {
  const storageJar = join(homedir(), '.cache', 'firebase', 'emulators');
  const hasStorageRuntime =
    existsSync(storageJar) &&
    readdirSync(storageJar).some((f) => f.startsWith('cloud-storage-rules-runtime'));
  return ['auth', 'firestore', 'functions', ...(hasStorageRuntime ? ['storage'] : [])].join(',');
}
