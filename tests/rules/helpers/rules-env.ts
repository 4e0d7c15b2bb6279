/**
 * Shared set-up for the Firestore rules tests: one emulator project per test
 * file, the cast of actors, seeding, and assertion helpers that always await.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { approvedProfile } from '../../shared/profile';

// Every denied request would otherwise print a PERMISSION_DENIED warning.
setLogLevel('error');

/** The uids behind each actor; profiles use the uid as document id. */
export const uids = {
  /** An approved, active member who owns the seeded documents. */
  owner: 'alice-uid',
  /** Another approved, active member. */
  other: 'bob-uid',
  /** A member who signed up, verified their email and awaits approval. */
  pending: 'penny-uid',
  /** A member whose sign-up was denied. */
  denied: 'dora-uid',
  /** A member an admin deactivated. */
  inactive: 'ivan-uid',
  /** A member carrying the `admin: true` custom claim. */
  admin: 'admin-uid',
} as const;

/** Who makes a request: a visitor, a member in some state, or an admin. */
export type Actor = 'anonymous' | 'pending' | 'owner' | 'other' | 'denied' | 'inactive' | 'admin';

/**
 * The clients a file's tests share, per environment: one per actor and one that writes
 * past the rules. Each client is a Firebase app with its own connection to the emulator;
 * made afresh for every test they cost more than most tests' requests, and the
 * environment kept every one open until the file ended.
 */
const clients = new WeakMap<RulesTestEnvironment, { actors: Map<Actor, Firestore>; owner?: FirebaseApp }>();

function clientsOf(env: RulesTestEnvironment) {
  let shared = clients.get(env);
  if (shared === undefined) {
    shared = { actors: new Map() };
    clients.set(env, shared);
  }
  return shared;
}

/** Starts a rules test environment on its own emulator project, so test files can run in parallel. */
export async function setupRulesEnv(suite: string): Promise<RulesTestEnvironment> {
  const env = await initializeTestEnvironment({
    projectId: `demo-shelfmark-rules-${suite}`,
    firestore: { rules: readFileSync(resolve('firestore.rules'), 'utf8') },
  });
  // Closing the environment closes the seeding client too (the actors' are the environment's own contexts).
  const cleanup = env.cleanup.bind(env);
  env.cleanup = async () => {
    const owner = clients.get(env)?.owner;
    clients.delete(env);
    await Promise.all([owner ? deleteApp(owner) : undefined, cleanup()]);
  };
  return env;
}

/**
 * A Firestore client signed in as the given actor (or signed out for 'anonymous'),
 * the same one for every test of the file: it holds no state between tests that a
 * request could see, as every read goes to the emulator.
 * Members have verified their email, so only their profile's state decides what
 * they may do; the admin carries the admin claim, and seed() gives them their
 * Admin profile (the rules check both).
 */
export function dbAs(env: RulesTestEnvironment, actor: Actor): Firestore {
  const { actors } = clientsOf(env);
  let db = actors.get(actor);
  if (db === undefined) {
    const context =
      actor === 'anonymous'
        ? env.unauthenticatedContext()
        : actor === 'admin'
          ? env.authenticatedContext(uids.admin, { admin: true })
          : env.authenticatedContext(uids[actor], { email_verified: true });
    // The context hands out a compat instance; the modular functions accept it
    // at runtime, only the declared types differ.
    db = context.firestore() as unknown as Firestore;
    actors.set(actor, db);
  }
  return db;
}

/**
 * A Firestore client signed in as `uid` with exactly the token `claims` given,
 * for the tests of the token itself (an unverified email, a claim of the wrong
 * type); dbAs covers the cast of actors. Not shared: each call is a new client.
 */
export function dbWithClaims(
  env: RulesTestEnvironment,
  uid: string,
  claims: Record<string, unknown> = {},
): Firestore {
  // The compat instance the context hands out, as in dbAs.
  return env.authenticatedContext(uid, claims).firestore() as unknown as Firestore;
}

/**
 * The admin actor's own profile. Admin powers need the claim AND a current
 * profile with role 'Admin' that is active, so every seeded database has one
 * unless a test seeds its own.
 */
export const ADMIN_PROFILE: DocumentData = approvedProfile(uids.admin, {
  display_name: 'Shelfmark Admin',
  page_slug: 'shelfmark-admin',
  role: 'Admin',
});

/** A second-factor session that never ends, for the sign-in at `authTime` (seconds; the test tokens' default is 0). */
export function secondFactorRecord(...authTimes: number[]): DocumentData {
  const sessions = Object.fromEntries((authTimes.length ? authTimes : [0]).map((t) => [String(t), 8.64e15]));
  return { enrolled: true, secret: 'sealed', recovery_hashes: [], sessions };
}

/**
 * The admin actor's second factor: admin powers need this sign-in's second-factor
 * session (firestore.rules secondFactorLive), so every seeded database has one for
 * the admin's token unless a test seeds its own.
 */
export const ADMIN_SECOND_FACTOR: DocumentData = secondFactorRecord();

/** The profile fields the rules read of a member: id, name, slug, approval and activity (approved and active unless overridden). */
export function minimalProfile(uid: string, overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uid,
    display_name: uid,
    page_slug: uid,
    approval_status: 'approved',
    is_active: true,
    ...overrides,
  };
}

/** A classified ad of the owner as its save stores it (a signed first edition, active, unseen), `overrides` on top. */
export function storedAd(overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uids.owner,
    title: 'Signed first edition',
    description: 'Hardback, signed on the title page.',
    category: 'books-publications',
    subcategory: null,
    price: 85,
    currency: 'GBP',
    condition: 'like-new',
    location: 'Bristol',
    contact_method: 'email',
    is_service: false,
    tags: [],
    is_active: true,
    is_featured: false,
    views_count: 0,
    ...overrides,
  };
}

/** Firestore takes at most 500 writes in one batch. */
const SEED_BATCH = 500;

/**
 * Writes documents (path → data) with the rules switched off, and the admin's profile
 * and second factor unless given: in batches, from a client the file's tests share (the emulator's
 * `owner` token passes every rule, as withSecurityRulesDisabled's does).
 */
export async function seed(env: RulesTestEnvironment, docs: Record<string, DocumentData>): Promise<void> {
  const withProfile =
    `profiles/${uids.admin}` in docs ? docs : { [`profiles/${uids.admin}`]: ADMIN_PROFILE, ...docs };
  const factorPath = `admin_second_factors/${uids.admin}`;
  const withAdmin = factorPath in docs ? withProfile : { [factorPath]: ADMIN_SECOND_FACTOR, ...withProfile };
  const shared = clientsOf(env);
  const emulator = env.emulators.firestore;
  if (emulator === undefined) throw new Error('the Firestore emulator is not running');
  if (shared.owner === undefined) {
    shared.owner = initializeApp({ projectId: env.projectId }, `rules-seed-${env.projectId}`);
    connectFirestoreEmulator(getFirestore(shared.owner), emulator.host, emulator.port, {
      mockUserToken: 'owner',
    });
  }
  const db = getFirestore(shared.owner);
  const entries = Object.entries(withAdmin);
  for (let start = 0; start < entries.length; start += SEED_BATCH) {
    const batch = writeBatch(db);
    for (const [path, data] of entries.slice(start, start + SEED_BATCH)) batch.set(doc(db, path), data);
    await batch.commit();
  }
}

// The requests the tests make, by what they do: every path is a slash path from the root
// (`books/book-1`, `classified_ads/ad-1/private/contact`), every list names its collection.

/** Gets the document at `path`. */
export function readDoc(db: Firestore, path: string): Promise<DocumentSnapshot> {
  return getDoc(doc(db, path));
}

/** Lists every document of the collection `name`, unfiltered. */
export function listAll(db: Firestore, name: string): Promise<QuerySnapshot> {
  return getDocs(collection(db, name));
}

/** Lists the documents of the collection `name` whose fields equal `equals` (one `==` filter a field, in order). */
export function listWhere(
  db: Firestore,
  name: string,
  equals: Record<string, unknown>,
): Promise<QuerySnapshot> {
  const filters = Object.entries(equals).map(([field, value]) => where(field, '==', value));
  return getDocs(query(collection(db, name), ...filters));
}

/** Creates the document at `path`, or replaces it, with `data`. */
export function writeDoc(db: Firestore, path: string, data: DocumentData): Promise<void> {
  return setDoc(doc(db, path), data);
}

/** Changes the fields `changes` of the existing document at `path`. */
export function patchDoc(db: Firestore, path: string, changes: DocumentData): Promise<void> {
  return updateDoc(doc(db, path), changes);
}

/** Deletes the document at `path`. */
export function removeDoc(db: Firestore, path: string): Promise<void> {
  return deleteDoc(doc(db, path));
}

/** Resolves when the request is denied by the rules; rejects if it was allowed. */
export async function expectDenied<T>(request: Promise<T>): Promise<unknown> {
  return await assertFails(request);
}

/** Resolves with the result when the request is allowed; rejects if it was denied. */
export async function expectAllowed<T>(request: Promise<T>): Promise<T> {
  return await assertSucceeds(request);
}

/**
 * Registers create, update and delete tests proving the actor may not write:
 * creating `newPath`, and updating or deleting the seeded `existingPath`.
 */
export function itDeniesWrites(
  db: () => Firestore,
  paths: { newPath: string; existingPath: string },
  data: DocumentData,
): void {
  it('create is denied', async () => {
    await expectDenied(writeDoc(db(), paths.newPath, data));
  });
  it('update is denied', async () => {
    await expectDenied(patchDoc(db(), paths.existingPath, { updated_at: new Date() }));
  });
  it('delete is denied', async () => {
    await expectDenied(removeDoc(db(), paths.existingPath));
  });
}

/**
 * For every actor, admins included, registers itDeniesWrites' denied create, update and
 * delete of what `write(actor)` names, in a describe block titled `title` (%s: the actor).
 */
export function describeWritesDeniedToEveryone(
  env: () => RulesTestEnvironment,
  title: string,
  write: (actor: Actor) => { newPath: string; existingPath: string; data: DocumentData },
): void {
  describeEachActor(everyone, title, (actor) => {
    const { data, ...paths } = write(actor);
    itDeniesWrites(() => dbAs(env(), actor), paths, data);
  });
}

/** True when the rules let the write through, false when they refuse it (any other error fails the test). */
export async function rulesAccept(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return false;
    throw error;
  }
}

/** How long the coverage report may take before it is skipped (the hook's timeout is 30 s). */
const COVERAGE_TIMEOUT_MS = 15_000;

/**
 * With RULES_COVERAGE=1, saves the emulator's rule coverage report for this file's
 * project to test-results/rules-coverage/, so untested branches of firestore.rules can
 * be spotted. Off by default: the reports came to about 200 MB of HTML a run (67 MB for
 * the profiles file alone), each built by the emulator on the CPU the tests share.
 * Best effort: a failure to fetch never fails the run.
 */
export async function saveRuleCoverage(env: RulesTestEnvironment): Promise<void> {
  const emulator = env.emulators.firestore;
  if (!emulator || process.env.RULES_COVERAGE !== '1') return;
  const url = `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${env.projectId}:ruleCoverage.html`;
  try {
    // The emulator builds the report from every evaluation of the file; on a loaded
    // machine that can outlast the hook's timeout, and a report is not worth failing
    // a suite whose tests passed: give up on it well before the hook would time out.
    const response = await fetch(url, { signal: AbortSignal.timeout(COVERAGE_TIMEOUT_MS) });
    if (!response.ok) return;
    mkdirSync('test-results/rules-coverage', { recursive: true });
    writeFileSync(`test-results/rules-coverage/${env.projectId}.html`, await response.text());
  } catch {
    // Coverage is a convenience for the reader; the tests already passed or failed.
  }
}

/** How each actor reads in test names. */
export const actorLabel: Record<Actor, string> = {
  anonymous: 'anonymous visitor',
  pending: 'pending member',
  owner: 'approved member (owner)',
  other: 'other approved member',
  denied: 'denied member',
  inactive: 'inactive member',
  admin: 'admin',
};

/** Actors with no claim on a member's document: a visitor and members in every approval state except its owner. */
export const nonOwners = [
  'anonymous',
  'pending',
  'other',
  'denied',
  'inactive',
] as const satisfies readonly Actor[];

/** Everyone but an admin: a visitor and members in every approval state. */
export const nonAdmins = [
  'anonymous',
  'pending',
  'owner',
  'other',
  'denied',
  'inactive',
] as const satisfies readonly Actor[];

/** Every actor, for collections whose rules treat them all alike. */
export const everyone = [...nonAdmins, 'admin'] as const satisfies readonly Actor[];

/** Registers one describe block per actor, titled `title` with %s replaced by the actor's label, around `body(actor)`. */
export function describeEachActor<A extends Actor>(
  actors: readonly A[],
  title: string,
  body: (actor: A) => void,
): void {
  for (const actor of actors) describe(title.replace('%s', actorLabel[actor]), () => body(actor));
}
