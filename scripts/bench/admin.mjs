// The admin dashboard at 10,000 members (issue 11): the members are written
// straight into the emulator through the Admin SDK in batches (background
// triggers paused meanwhile, so the functions emulator does not work through
// 10,000 trigger events), then the dashboard's reads are run as its code runs
// them and metered: the four counters as count() aggregations, the user list's
// first page, the next page, a filtered page and a name search, all through
// listUsers (functions/src/admin/users.ts, the callable's own code). Reads are
// counted as Firestore bills them: one per document a query or get returns (at
// least one per query), one per 1,000 index entries an aggregation counts.
// Runs inside `firebase emulators:exec` (inner.mjs, or alone:
// `node --import tsx scripts/bench/admin.mjs` under emulators:exec).
import { getApps, initializeApp } from 'firebase-admin/app';
import { DocumentReference, getFirestore, Query } from 'firebase-admin/firestore';
import { directoryFields } from '../../src/domain/accounts/directory.ts';
import { adminUsersRequestSchema } from '../../src/domain/admin/admin-users.ts';
import { profileWriteSchema, USER_CATEGORIES } from '../../src/domain/accounts/profile.ts';
import { PROJECT_ID } from '../emulator-env.mjs';

const MEMBERS = Number(process.env.BENCH_ADMIN_MEMBERS ?? 10_000);
const BATCH = 500;

function db() {
  if (!process.env.FIRESTORE_EMULATOR_HOST)
    throw new Error('the bench writes to the emulator only (FIRESTORE_EMULATOR_HOST is not set)');
  // Its own named app: other bench steps create named apps of their own, so "no app
  // yet" does not mean "no default app" (the full bench failed on that).
  const app =
    getApps().find((a) => a.name === 'bench-admin') ??
    initializeApp({ projectId: PROJECT_ID }, 'bench-admin');
  return getFirestore(app);
}

/** Pauses or resumes the functions emulator's background triggers through the Emulator Hub; false when there is no hub. */
async function triggers(enabled) {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) return false;
  const response = await fetch(
    `http://${hub}/functions/${enabled ? 'enable' : 'disable'}BackgroundTriggers`,
    { method: 'PUT' },
  );
  return response.ok;
}

/** A unique search word per member ('quill' + its number), so a name search has exactly one answer. */
const uniqueWord = (i) => `Quill${String(i).padStart(5, '0')}`;

/** Writes MEMBERS profiles admin-bench-00000… in batches; a mix of categories, statuses and a few admins. */
async function addMembers(firestore) {
  const base = Date.UTC(2024, 0, 1);
  for (let start = 0; start < MEMBERS; start += BATCH) {
    const batch = firestore.batch();
    for (let i = start; i < Math.min(MEMBERS, start + BATCH); i += 1) {
      const uid = `admin-bench-${String(i).padStart(5, '0')}`;
      const profile = profileWriteSchema.parse({
        user_id: uid,
        page_slug: uid,
        display_name: `Bench Admin ${uniqueWord(i)}`,
        role: i % 1000 === 0 ? 'Admin' : 'User',
        category: USER_CATEGORIES[i % USER_CATEGORIES.length],
        subscription_status: i % 7 === 0 ? 'premium' : 'free',
        approval_status: i % 50 === 0 ? 'pending' : 'approved',
        is_active: i % 20 !== 0,
        book_count: 0,
        created_at: new Date(base - i * 60_000),
      });
      batch.set(firestore.doc(`profiles/${uid}`), { ...profile, ...directoryFields(profile) });
    }
    await batch.commit();
  }
}

/** Counts reads while `work` runs by wrapping the Admin SDK's get() of queries, documents and aggregations. */
async function metered(work) {
  let reads = 0;
  // AggregateQuery is not exported by firebase-admin/firestore: reach its prototype through an instance.
  const AggregateQuery = { prototype: Object.getPrototypeOf(db().collection('profiles').count()) };
  const queryGet = Query.prototype.get;
  const docGet = DocumentReference.prototype.get;
  const aggregateGet = AggregateQuery.prototype.get;
  Query.prototype.get = async function get(...args) {
    const snapshot = await queryGet.apply(this, args);
    reads += Math.max(1, snapshot.size);
    return snapshot;
  };
  DocumentReference.prototype.get = async function get(...args) {
    reads += 1;
    return docGet.apply(this, args);
  };
  AggregateQuery.prototype.get = async function get(...args) {
    const snapshot = await aggregateGet.apply(this, args);
    const count = snapshot.data().count ?? 0;
    reads += Math.max(1, Math.ceil(count / 1000));
    return snapshot;
  };
  const started = performance.now();
  try {
    const result = await work();
    return { reads, ms: Math.round(performance.now() - started), result };
  } finally {
    Query.prototype.get = queryGet;
    DocumentReference.prototype.get = docGet;
    AggregateQuery.prototype.get = aggregateGet;
  }
}

/** The dashboard's four counters, with the same conditions as src/data/client/admin/admin-users.ts loadCounts. */
async function counters(firestore) {
  const profiles = firestore.collection('profiles');
  const count = async (query) => (await query.count().get()).data().count;
  const [totalUsers, authors, admins, activeUsers] = await Promise.all([
    count(profiles),
    count(profiles.where('category', '==', 'Book Author')),
    count(profiles.where('role', '==', 'Admin')),
    count(profiles.where('is_active', '==', true)),
  ]);
  return { totalUsers, authors, admins, activeUsers };
}

/** Adds the members, measures each screen, and answers the figures (also printed). */
export async function benchAdmin() {
  const firestore = db();
  const { listUsers } = await import('../../functions/src/admin/users.ts');
  const list = (request) =>
    listUsers(firestore, adminUsersRequestSchema.parse({ action: 'get-users-with-emails', ...request }));

  const paused = await triggers(false);
  const seedStarted = performance.now();
  try {
    await addMembers(firestore);
  } finally {
    if (paused) await triggers(true);
  }
  const seed_s = Math.round((performance.now() - seedStarted) / 100) / 10;

  const first = await metered(async () => {
    const [counts, page] = await Promise.all([counters(firestore), list({})]);
    return { counts, rows: page.users.length, next: page.nextCursor };
  });
  const next = await metered(async () => {
    const page = await list({ cursor: first.result.next });
    return { rows: page.users.length };
  });
  const filtered = await metered(async () => {
    const page = await list({ filters: { category: 'Publisher', status: 'inactive' } });
    return { rows: page.users.length };
  });
  const searched = await metered(async () => {
    const page = await list({ search: uniqueWord(4321) });
    return { rows: page.users.length, found: page.users.map((row) => row.uid) };
  });

  const figures = {
    members_added: MEMBERS,
    triggers_paused: paused,
    seed_s,
    total_profiles: first.result.counts.totalUsers,
    screens: [
      {
        screen: 'first screen (4 counters + first page)',
        reads: first.reads,
        ms: first.ms,
        rows: first.result.rows,
      },
      { screen: 'next page', reads: next.reads, ms: next.ms, rows: next.result.rows },
      {
        screen: 'filtered page (Publisher, inactive)',
        reads: filtered.reads,
        ms: filtered.ms,
        rows: filtered.result.rows,
      },
      {
        screen: 'name search (one match)',
        reads: searched.reads,
        ms: searched.ms,
        rows: searched.result.rows,
      },
    ],
    search_found: searched.result.found,
  };
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchAdmin().then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
