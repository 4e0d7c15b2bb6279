// A reading-history import at scale, on the emulators: BENCH_BOOKS public books
// (20,000) by 200 authors, and Goodreads exports of BENCH_ROWS rows (5,000), in two
// cases against the same catalogue (BENCH_IMPORT_CASES picks, both by default):
//
// - open-catalogue (issue 53): 20 % of the rows name a book on Shelfmark (16 % by ISBN,
//   4 % by title and author), 80 % do not and are looked up in Open Library, here an
//   in-process stand-in (scripts/openlibrary-standin) answering after 100 ms, with a
//   generated sample of BENCH_CATALOGUE_WORKS works (4,000): 60 % found there by ISBN,
//   16 % by title and author only (half with a series suffix), 4 % found nowhere (half
//   with an ISBN Open Library does not know). The source is the Open Library connector
//   pointed at the stand-in, with the rate openLibraryConfig gives a local URL (20/s).
// - shelfmark (issue 40's case): 60 % by ISBN, 20 % by title and author only (written
//   another way, with a series suffix), 20 % not on Shelfmark, and a source that knows
//   no book and asks nobody, so its figures stay comparable with issue 40's.
//
// The import's rows are stored as the callables store them, and every chunk is
// processed in this process (processImportChunk, as the queue would, one after
// another), with every document read and written counted, the stand-in's requests
// counted by route and the heap sampled, so the figures say whether an import reads
// the catalogue per row (it must not), what the look-ups cost and what it holds in
// memory. The bench always passes its source: processImportChunk's default is the
// real openlibrary.org, which the bench has no business asking (and cannot reach).
// Runs inside `firebase emulators:exec` (inner.mjs with BENCH_ONLY=reading-import).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../emulator-env.mjs';
import { benchProfile } from './bench-profile.mjs';
import { countingReads } from './follows.mjs';

const BOOKS = Number(process.env.BENCH_BOOKS ?? 20_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const AUTHORS = 200;
const CATALOGUE_WORKS = Number(process.env.BENCH_CATALOGUE_WORKS ?? 4_000);
const LATENCY_MS = Number(process.env.BENCH_OPEN_LIBRARY_LATENCY_MS ?? 100);
const CASES = (process.env.BENCH_IMPORT_CASES ?? 'open-catalogue,shelfmark').split(',').map((c) => c.trim());

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

/** What a row of the export says besides its book: the shelf, rating, review and dates. */
function readingOf(i) {
  return {
    row: i + 2,
    shelf: i % 3 === 0 ? 'want-to-read' : 'read',
    custom_shelves: i % 10 === 0 ? ['favourites'] : [],
    rating: i % 2 === 0 ? 1 + (i % 5) : null,
    review: i % 4 === 0 ? 'Imported thoughts.' : '',
    started_on: null,
    finished_on:
      i % 3 === 0 ? null : `20${String(10 + (i % 15)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
    added_on: '2020-01-01',
  };
}

/** Issue 40's export: ROWS rows, as the browser sends them (ImportRow), 20 % not on Shelfmark. */
function shelfmarkRows() {
  return Array.from({ length: ROWS }, (_, i) => {
    const n = (i * 7919) % BOOKS;
    const kind = i % 5; // 0–2: by ISBN, 3: by title and author, 4: not on Shelfmark
    const base = {
      ...readingOf(i),
      author: `Author ${n % AUTHORS} Benchley`,
      isbn13: kind <= 2 ? isbnOf(n) : null,
    };
    if (kind === 3) return { ...base, title: `the bench book NUMBER ${n} (Bench, #${i % 9})` };
    if (kind === 4) return { ...base, title: `A Book Not Here ${i}`, author: 'Someone Else', isbn13: null };
    return { ...base, title: `The Bench Book Number ${n}` };
  });
}

/**
 * Issue 53's export: ROWS rows in 25 slots (each chunk of 200 holds 8 rows of each):
 * 0–3 a Shelfmark book by ISBN, 4 one by title and author, 5–19 a work of the stand-in
 * by an edition's ISBN, 20–23 one by title and author only, 24 a book found nowhere.
 * Every row names another book, as a Goodreads export does.
 */
export function openCatalogueRows(
  rows,
  { generatedAuthorName, generatedAuthorOf, generatedIsbn, generatedWorkIsbns, generatedWorkTitle },
) {
  let byIsbn = 0;
  let byTitle = 0;
  let nowhere = 0;
  const isbnWorks = Math.ceil((rows * 15) / 25);
  if (isbnWorks + Math.ceil((rows * 4) / 25) > CATALOGUE_WORKS)
    throw new Error(`${rows} rows need more than BENCH_CATALOGUE_WORKS=${CATALOGUE_WORKS} works`);
  return Array.from({ length: rows }, (_, i) => {
    const slot = i % 25;
    const n = (i * 7919) % BOOKS;
    if (slot <= 4)
      return {
        ...readingOf(i),
        author: `Author ${n % AUTHORS} Benchley`,
        isbn13: slot <= 3 ? isbnOf(n) : null,
        title: slot <= 3 ? `The Bench Book Number ${n}` : `the bench book NUMBER ${n} (Bench, #${i % 9})`,
      };
    if (slot <= 23) {
      const w = slot <= 19 ? byIsbn++ : isbnWorks + byTitle++;
      const isbns = generatedWorkIsbns(w);
      const title = generatedWorkTitle(w);
      return {
        ...readingOf(i),
        author: generatedAuthorName(generatedAuthorOf(w, AUTHORS)),
        isbn13: slot <= 19 ? isbns[w % 4 === 3 ? isbns.length - 1 : 0] : null,
        title: slot > 19 && w % 2 === 1 ? `${title} (Open Shelf, #${1 + (w % 9)})` : title,
      };
    }
    const k = nowhere++;
    return {
      ...readingOf(i),
      author: 'Someone Else',
      // An ISBN past the sample's last work: Open Library does not know it either.
      isbn13: k % 2 === 0 ? generatedIsbn(2 * (CATALOGUE_WORKS + k)) : null,
      title: `A Book Found Nowhere ${i}`,
    };
  });
}

/** A source that knows no book and asks nobody: issue 40's import, before the look-ups. */
async function silentSource() {
  const { CatalogueError } = await import('../../functions/src/catalogue/errors.ts');
  const none = async () => {
    throw new CatalogueError('not-found', 'the silent source knows no book');
  };
  return {
    name: 'openlibrary',
    search: async () => [],
    byIsbn: none,
    byIsbns: async () => new Map(),
    work: none,
    author: none,
    coverUrl: () => '',
  };
}

/** The Open Library stand-in on a free port with the generated sample, and the connector pointed at it. */
async function standinSource() {
  const { startOpenLibraryStandin } = await import('../openlibrary-standin/index.ts');
  const generated = await import('../openlibrary-standin/generated-sample.ts');
  const { openLibraryConfig } = await import('../../functions/src/catalogue/config.ts');
  const { openLibrarySource } = await import('../../functions/src/catalogue/connectors/openlibrary.ts');
  const standin = await startOpenLibraryStandin({
    port: 0,
    latencyMs: LATENCY_MS,
    sample: generated.generateSample({ works: CATALOGUE_WORKS, authors: AUTHORS }),
    log: (line) => console.log(`  [openlibrary-standin] ${line}`),
  });
  // What the functions would be configured with for a local stand-in: its rate is 20 requests a second.
  const config = openLibraryConfig({
    OPEN_LIBRARY_BASE_URL: standin.url,
    OPEN_LIBRARY_COVERS_URL: standin.coversUrl,
    OPEN_LIBRARY_CONTACT: 'https://shelfmark.invalid/bench',
  });
  const control = async (path, method = 'GET') => (await fetch(`${standin.url}${path}`, { method })).json();
  await control('/_standin/reset', 'POST');
  return {
    source: openLibrarySource(config),
    requestsPerSecond: config.requestsPerSecond,
    generated,
    requests: () => control('/_standin/requests'),
    close: () => standin.close(),
  };
}

/** The figures of one import of `rows` by a new member, every chunk processed here with `source`. */
async function importOnce(db, stamp, name, rows, source) {
  const { IMPORT_ROWS_PER_CHUNK, READING_IMPORTS, chunkCount, chunkId } =
    await import('../../src/domain/imports/reading-import.ts');
  const { processImportChunk } = await import('../../functions/src/imports/process-import.ts');
  const member = `ibench-${stamp}-${name}-reader`;
  await db
    .doc(`profiles/${member}`)
    .set(benchProfile(member, { name: 'Imogen Importer', category: 'Book Lover/Marketer' }));
  const ref = db.collection(READING_IMPORTS).doc(`ibench-${stamp}-${name}`);
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
      for (let n = 0; n < chunks; n += 1) await processImportChunk(db, ref.id, n, async () => {}, source);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const report = (await ref.get()).data();
  const added = (await db.collection('books').where('added_by', '==', member).count().get()).data().count;
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    rows: rows.length,
    chunks,
    seconds: Math.round(seconds * 10) / 10,
    rows_per_second: Math.round((rows.length / seconds) * 10) / 10,
    reads: measured.reads,
    reads_per_row: Math.round((measured.reads / rows.length) * 100) / 100,
    writes: measured.result.writes,
    writes_per_row: Math.round((measured.result.writes / rows.length) * 100) / 100,
    heap_growth_mb: mb(heapPeak - heapBefore),
    heap_peak_mb: mb(heapPeak),
    status: report?.status,
    matched: report?.matched,
    unmatched: report?.unmatched,
    reasons: report?.reasons,
    catalogue_books_added: added,
  };
}

/** The figures of each case's import of ROWS rows against BOOKS books. */
export async function benchReadingImport() {
  const db = getFirestore(app());
  const stamp = Date.now().toString(36);
  const seedStarted = Date.now();
  // The catalogue is written with its listing fields and the triggers paused, as the demo seed is:
  // 20,000 trigger runs behind it would compete with the import for the machine.
  const { emulatorHub, withTriggersPaused } = await import('../seed/write.ts');
  await withTriggersPaused(emulatorHub(), () => seedCatalogue(db, stamp));
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const result = {
    books: BOOKS,
    rows: ROWS,
    seed_seconds: Math.round(seedSeconds * 10) / 10,
    seed_books_per_second: Math.round(BOOKS / seedSeconds),
    cases: {},
  };
  for (const name of CASES) {
    console.log(`  case ${name}…`);
    if (name === 'open-catalogue') {
      const standin = await standinSource();
      try {
        const figures = await importOnce(
          db,
          stamp,
          name,
          openCatalogueRows(ROWS, standin.generated),
          standin.source,
        );
        const { total, counts } = await standin.requests();
        result.cases[name] = {
          ...figures,
          catalogue_works: CATALOGUE_WORKS,
          latency_ms: LATENCY_MS,
          requests_per_second: standin.requestsPerSecond,
          look_up_requests: total,
          look_up_requests_per_row: Math.round((total / figures.rows) * 1000) / 1000,
          requests_by_route: counts,
        };
      } finally {
        await standin.close();
      }
    } else if (name === 'shelfmark')
      result.cases[name] = await importOnce(db, stamp, name, shelfmarkRows(), await silentSource());
    else throw new Error(`no import case ${name} (open-catalogue, shelfmark)`);
    console.log(`  ${JSON.stringify(result.cases[name])}`);
  }
  return result;
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
