// A reading-history import at scale, on the emulators: BENCH_BOOKS public books
// (20,000) by 200 authors, and one member's Goodreads export of BENCH_ROWS rows
// (5,000): 60 % naming a book by its ISBN, 20 % by title and author only (as
// Goodreads writes them: another case, a series suffix), 20 % books not on
// Shelfmark. The import's rows are stored as the callables store them, and every
// chunk is processed in this process (processImportChunk, as the queue would, one
// after another), with every document read and written counted and the heap
// sampled, so the figures say whether an import reads the catalogue per row
// (it must not) and what it holds in memory.
// Runs inside `firebase emulators:exec` (inner.mjs with BENCH_ONLY=reading-import).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../emulator-env.mjs';
import { benchProfile } from './bench-profile.mjs';
import { countingReads } from './follows.mjs';

const BOOKS = Number(process.env.BENCH_BOOKS ?? 20_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const AUTHORS = 200;

const app = () => getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });

/** The ISBN-13 978 + `n` (nine digits) + its check digit. */
function isbnOf(n) {
  const twelve = `978${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** Runs `fn` counting every document write this process makes (transactions and batches). */
async function countingWrites(fn) {
  const counter = { writes: 0 };
  const patched = [];
  for (const proto of [Transaction.prototype, WriteBatch.prototype]) {
    for (const name of ['set', 'create', 'update', 'delete']) {
      const original = proto[name];
      proto[name] = function counted(...args) {
        counter.writes += 1;
        return original.apply(this, args);
      };
      patched.push([proto, name, original]);
    }
  }
  try {
    return { result: await fn(), writes: counter.writes };
  } finally {
    for (const [proto, name, original] of patched) proto[name] = original;
  }
}

/** The catalogue: BOOKS public books of AUTHORS approved authors, with their listing fields. */
async function seedCatalogue(db, stamp) {
  const { listingFieldsOf } = await import('../../src/domain/books/book-listing.ts');
  const writer = db.bulkWriter();
  const authors = Array.from({ length: AUTHORS }, (_, i) => `ibench-${stamp}-a${i}`);
  authors.forEach((uid, i) =>
    writer.set(db.doc(`profiles/${uid}`), benchProfile(uid, { name: `Author ${i} Benchley` })),
  );
  for (let i = 0; i < BOOKS; i += 1) {
    const uid = authors[i % AUTHORS];
    const book = {
      user_id: uid,
      title: `The Bench Book Number ${i}`,
      description: 'A book in the import bench.',
      category: 'fiction',
      genre: [],
      sub_genre: [],
      manuscript_content: [],
      is_active: true,
      is_full_book_free: false,
      owner_public: true,
      is_public: true,
      isbn: isbnOf(i),
      author: { display_name: `Author ${i % AUTHORS} Benchley`, page_slug: uid },
      created_at: new Date(),
    };
    writer.set(db.doc(`books/ibench-${stamp}-b${i}`), { ...book, ...listingFieldsOf(book) });
  }
  await writer.close();
}

/** The member's export: ROWS rows, as the browser sends them (ImportRow). */
function exportRows() {
  return Array.from({ length: ROWS }, (_, i) => {
    const n = (i * 7919) % BOOKS;
    const kind = i % 5; // 0–2: by ISBN, 3: by title and author, 4: not on Shelfmark
    const base = {
      row: i + 2,
      author: `Author ${n % AUTHORS} Benchley`,
      isbn13: kind <= 2 ? isbnOf(n) : null,
      shelf: i % 3 === 0 ? 'want-to-read' : 'read',
      custom_shelves: i % 10 === 0 ? ['favourites'] : [],
      rating: i % 2 === 0 ? 1 + (i % 5) : null,
      review: i % 4 === 0 ? 'Imported thoughts.' : '',
      started_on: null,
      finished_on:
        i % 3 === 0 ? null : `20${String(10 + (i % 15)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
      added_on: '2020-01-01',
    };
    if (kind === 3) return { ...base, title: `the bench book NUMBER ${n} (Bench, #${i % 9})` };
    if (kind === 4) return { ...base, title: `A Book Not Here ${i}`, author: 'Someone Else', isbn13: null };
    return { ...base, title: `The Bench Book Number ${n}` };
  });
}

/** The figures of one import of ROWS rows against BOOKS books. */
export async function benchReadingImport() {
  const db = getFirestore(app());
  const stamp = Date.now().toString(36);
  const seedStarted = Date.now();
  // The catalogue is written with its listing fields and the triggers paused, as the demo seed is:
  // 20,000 trigger runs behind it would compete with the import for the machine.
  const { emulatorHub, withTriggersPaused } = await import('../seed/write.ts');
  await withTriggersPaused(emulatorHub(), () => seedCatalogue(db, stamp));
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const { IMPORT_ROWS_PER_CHUNK, READING_IMPORTS, chunkCount, chunkId } =
    await import('../../src/domain/imports/reading-import.ts');
  const { processImportChunk } = await import('../../functions/src/imports/process-import.ts');
  const member = `ibench-${stamp}-reader`;
  await db
    .doc(`profiles/${member}`)
    .set(benchProfile(member, { name: 'Imogen Importer', category: 'Book Lover/Marketer' }));
  const rows = exportRows();
  const ref = db.collection(READING_IMPORTS).doc(`ibench-${stamp}`);
  const now = new Date();
  await ref.set({
    user_id: member,
    layout: 'goodreads',
    file_name: 'goodreads_library_export.csv',
    status: 'matching',
    total: rows.length,
    received: rows.length,
    processed: 0,
    matched: 0,
    unmatched: 0,
    reasons: {},
    problems: [],
    problem_count: 0,
    created_at: now,
    updated_at: now,
    finished_at: null,
  });
  const chunks = chunkCount(rows.length);
  const writer = db.bulkWriter();
  for (let n = 0; n < chunks; n += 1)
    writer.set(ref.collection('chunks').doc(chunkId(n)), {
      rows: rows.slice(n * IMPORT_ROWS_PER_CHUNK, (n + 1) * IMPORT_ROWS_PER_CHUNK),
      done: false,
    });
  await writer.close();

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 50);
  const started = Date.now();
  const measured = await countingReads(() =>
    countingWrites(async () => {
      for (let n = 0; n < chunks; n += 1) await processImportChunk(db, ref.id, n, async () => {});
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const report = (await ref.get()).data();
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    books: BOOKS,
    rows: ROWS,
    seed_seconds: Math.round(seedSeconds * 10) / 10,
    chunks,
    seconds: Math.round(seconds * 10) / 10,
    rows_per_second: Math.round((ROWS / seconds) * 10) / 10,
    reads: measured.reads,
    reads_per_row: Math.round((measured.reads / ROWS) * 100) / 100,
    writes: measured.result.writes,
    writes_per_row: Math.round((measured.result.writes / ROWS) * 100) / 100,
    heap_growth_mb: mb(heapPeak - heapBefore),
    heap_peak_mb: mb(heapPeak),
    status: report?.status,
    matched: report?.matched,
    unmatched: report?.unmatched,
    reasons: report?.reasons,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchReadingImport().then(
    (result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
