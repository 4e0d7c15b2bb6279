// The embedded search engine at 20,000 documents (src/data/server/search/):
// build time, index memory, server time per query (p95 over a fixed set of
// searches with and without typos, common and rare words, one and two words),
// and a cold start from a snapshot (the snapshot's size and the time to load it).
//
// The documents are generated with the search document's shape: titles of three
// words and descriptions of 60, drawn from a 30,000-word vocabulary with the
// skewed frequencies of real text (Zipf: the commonest word is in most
// documents, most words in a few; as in English text, the commonest ranks are
// the stop words), authors from a list of names. Deterministic:
// the same seed gives the same corpus and searches every run. Then a fixed set
// of misspelled searches over the demo data (MISSPELLED_SEARCHES), each with the
// rank of the item it means. In-process, no emulators: BENCH_ONLY=search.
import { EmbeddedSearchEngine } from '../../src/data/server/search/embedded-engine.ts';
import { demoSearchDocuments } from './search-demo.ts';
import {
  parseSiteSearchParams,
  SEARCH_STOP_WORDS,
  searchDocumentSchema,
} from '../../src/domain/search/site-search.ts';

/** The targets. */
export const SEARCH_TARGETS = {
  documents: 20_000,
  query_p95_ms: 50,
  index_mb: 150,
  cold_start_ms: 3_000,
  misspelled_rank: 5,
};

/**
 * The fixed misspelled searches over the demo data (scripts/seed, what `npm start`
 * shows), each with the item it means (kind and exact title): every one must
 * rank that item in the top SEARCH_TARGETS.misspelled_rank. The demo data has no
 * accented names, so the accent case types an accent the name does not have;
 * the fold makes the two directions one (the engine contract test holds the
 * other: 'helene' finds 'Hélène').
 */
export const MISSPELLED_SEARCHES = [
  { mistake: 'transposed letters', q: 'lihgthouse', kind: 'book', title: 'When the Lighthouse Falls' },
  { mistake: 'transposed letters in a name', q: 'okonkow', kind: 'author', title: 'Jamie Okonkwo' },
  { mistake: 'a missing letter', q: 'saltmrsh', kind: 'book', title: 'Letters from Saltmarsh' },
  { mistake: 'a missing letter', q: 'library embossr', kind: 'ad', title: 'Custom library embosser' },
  { mistake: 'a doubled letter', q: 'achterrberg', kind: 'author', title: 'Idris Achterberg' },
  { mistake: 'a wrong vowel', q: 'whitlack', kind: 'author', title: 'Catalina Whitlock' },
  { mistake: 'a wrong vowel', q: 'developmantal editing', kind: 'product', title: 'Developmental Editing' },
  { mistake: 'an accent', q: 'délacroix', kind: 'author', title: 'Lucia Delacroix' },
  { mistake: 'a partial word', q: 'ravensw', kind: 'author', title: 'Theo Ravensworth' },
  {
    mistake: 'two words: title and author',
    q: 'frontier moreau',
    kind: 'book',
    title: 'The Last Frontier in Velmont',
  },
  {
    mistake: 'two words with a typo: title and author',
    q: 'cartographr delacroix',
    kind: 'book',
    title: 'When the Cartographer Falls',
  },
];

/**
 * Each misspelled search over the demo data: the rank (1-based) of the item it
 * means, null when it was not found at all (or the demo data no longer has it).
 */
export async function benchMisspelled() {
  const documents = demoSearchDocuments();
  const engine = new EmbeddedSearchEngine();
  await engine.upsert(documents);
  const rows = [];
  for (const search of MISSPELLED_SEARCHES) {
    const intended = documents.find((d) => d.kind === search.kind && d.title === search.title);
    const { hits, total } = await engine.search(parseSiteSearchParams(new URLSearchParams({ q: search.q })));
    const index = intended ? hits.findIndex((hit) => hit.document.id === intended.id) : -1;
    rows.push({ ...search, results: total, rank: index === -1 ? null : index + 1 });
  }
  return { documents: documents.length, searches: rows };
}
/** Times each search of the set is run. */
const REPEATS = 20;

/** mulberry32: a small deterministic generator. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES =
  'ka lo mi ra ne to su vi da pe ro li na mo ter ven gar dol mis bel cor fan han lin mar sol tan wil bry quo'.split(
    ' ',
  );
const FIRST =
  'Octavia Margot Helene Bram Ann Lucas Priya Tomas Ingrid Kwame Mei Sofia Jonas Aisha Pierre Yara'.split(
    ' ',
  );
const LAST = 'Butler Ellery Dubois Okafor Lindqvist Moreau Tanaka Silva Novak Haddad Kowalski Brennan'.split(
  ' ',
);
const KINDS = ['book', 'book', 'book', 'author', 'product', 'ad', 'post'];

/** The corpus and the searches, from one seed. */
export function searchCorpus(size = SEARCH_TARGETS.documents, seed = 2026) {
  const random = generator(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const vocabulary = new Set();
  while (vocabulary.size < 30_000) {
    let word = '';
    const syllables = 2 + Math.floor(random() * 3);
    for (let i = 0; i < syllables; i++) word += pick(SYLLABLES);
    vocabulary.add(word);
  }
  // As in real English text, the commonest words are the stop words (the, of, and…).
  const words = [...SEARCH_STOP_WORDS, ...vocabulary];
  // Zipf with exponent 1: the word of rank r is drawn with probability ∝ 1/r.
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank++) cumulative.push((total += 1 / rank));
  const zipf = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return words[low];
  };
  const text = (count) => Array.from({ length: count }, zipf).join(' ');
  const documents = Array.from({ length: size }, (_, i) => {
    const kind = pick(KINDS);
    return searchDocumentSchema.parse({
      id: `${kind}_bench${i}`,
      kind,
      title: kind === 'author' ? `${pick(FIRST)} ${pick(LAST)}` : text(3),
      author: kind === 'post' ? '' : `${pick(FIRST)} ${pick(LAST)}`,
      description: text(60),
      category: pick(['Fiction', 'Nonfiction', 'Editing', 'For Sale', 'Poetry']),
      genres: kind === 'book' ? [pick(['Mystery', 'Fantasy', 'Romance', 'Nature'])] : [],
      price: random() < 0.2 ? null : Math.round(random() * 4000) / 100,
      free_reading: kind === 'book' && random() < 0.2,
      audiobook: kind === 'book' && random() < 0.1,
      featured: random() < 0.02,
      url: `/bench/${i}`,
    });
  });
  // A swap of two letters in the middle: one typo.
  const swap = (word) => word.slice(0, 2) + word[3] + word[2] + word.slice(4);
  const stop = SEARCH_STOP_WORDS.size;
  const searches = [
    words[0], // the commonest word, a stop word: in most documents
    `${words[1]} ${words[stop]}`, // a stop word and the commonest other word
    words[stop + 9],
    swap(words[stop + 20]),
    `${words[stop + 2]} ${words[stop + 50]}`,
    `${swap(words[stop + 300])} ${words[stop + 1000]}`,
    words[stop + 5_000].slice(0, 4), // a word being typed
    swap(words[stop + 12_000]),
    'octavia butlr',
    'dubois',
    `${words[stop + 100]} ${words[stop + 200]} ${words[stop + 400]}`,
  ];
  return { documents, searches };
}

const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};
const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.floor(values.length * share)];

/** Builds, queries and restores the embedded engine; the figures and targets. */
export async function benchSearch() {
  const { documents, searches } = searchCorpus();
  const before = heapMb();
  let started = performance.now();
  const engine = new EmbeddedSearchEngine();
  await engine.upsert(documents);
  const buildMs = performance.now() - started;
  const indexMb = heapMb() - before;

  const times = [];
  const perSearch = [];
  for (const q of searches) {
    const params = parseSiteSearchParams(new URLSearchParams({ q }));
    const runs = [];
    let total = 0;
    for (let i = 0; i < REPEATS; i++) {
      started = performance.now();
      total = (await engine.search(params)).total;
      runs.push(performance.now() - started);
    }
    times.push(...runs);
    perSearch.push({ q, results: total, median_ms: Number(percentile(runs, 0.5).toFixed(1)) });
  }

  started = performance.now();
  const snapshot = engine.toJSON();
  const saveMs = performance.now() - started;
  started = performance.now();
  const restored = EmbeddedSearchEngine.fromJSON(snapshot);
  if (!restored) throw new Error('the snapshot just written did not restore');
  const coldStartMs = performance.now() - started;
  const restoredSize = await restored.size();

  return {
    engine: 'embedded (MiniSearch)',
    documents: restoredSize,
    build_ms: Math.round(buildMs),
    index_mb: Math.round(indexMb),
    query_p50_ms: Number(percentile(times, 0.5).toFixed(1)),
    query_p95_ms: Number(percentile(times, 0.95).toFixed(1)),
    snapshot_mb: Number((snapshot.length / 1e6).toFixed(1)),
    snapshot_save_ms: Math.round(saveMs),
    cold_start_ms: Math.round(coldStartMs),
    searches: perSearch,
    misspelled: await benchMisspelled(),
    targets: SEARCH_TARGETS,
  };
}

/** What one server instance gives the embedded engine: Netlify's default function memory, the cold start and query targets above. */
export const SEARCH_INSTANCE = {
  memory_mb: 1024,
  cold_start_ms: SEARCH_TARGETS.cold_start_ms,
  query_p95_ms: 50,
};

/** The catalogue sizes the scale sweep measures (BENCH_SEARCH_SIZES, comma-separated). */
const SCALE_SIZES = (process.env.BENCH_SEARCH_SIZES ?? '20000,50000,100000,200000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 0);

/** Times each search is run at each size of the sweep (fewer than benchSearch: the large sizes are slow). */
const SCALE_REPEATS = 10;

/** The engine built over `size` generated documents: build time, heap, query times, and its snapshot. */
async function scaleBuild(size) {
  const { documents, searches } = searchCorpus(size);
  const before = heapMb();
  let started = performance.now();
  const engine = new EmbeddedSearchEngine();
  await engine.upsert(documents);
  const buildMs = performance.now() - started;
  documents.length = 0;
  const indexMb = heapMb() - before;
  const times = [];
  for (const q of searches) {
    const params = parseSiteSearchParams(new URLSearchParams({ q }));
    for (let i = 0; i < SCALE_REPEATS; i++) {
      started = performance.now();
      await engine.search(params);
      times.push(performance.now() - started);
    }
  }
  const snapshot = engine.toJSON();
  return {
    row: {
      documents: size,
      build_ms: Math.round(buildMs),
      index_mb: Math.round(indexMb),
      query_p50_ms: Number(percentile(times, 0.5).toFixed(1)),
      query_p95_ms: Number(percentile(times, 0.95).toFixed(1)),
      snapshot_mb: Number((snapshot.length / 1e6).toFixed(1)),
    },
    snapshot,
  };
}

/** A fresh instance's cold start from `snapshot`: the time and the heap the restored index takes. */
async function scaleRestore(snapshot, size) {
  const before = heapMb();
  const started = performance.now();
  const restored = EmbeddedSearchEngine.fromJSON(snapshot);
  const coldStartMs = performance.now() - started;
  if (!restored) throw new Error(`the snapshot of ${size} documents did not restore`);
  const restoredMb = heapMb() - before;
  if ((await restored.size()) !== size)
    throw new Error(`the snapshot of ${size} documents restored another size`);
  return { cold_start_ms: Math.round(coldStartMs), restored_mb: Math.round(restoredMb) };
}

/**
 * The embedded engine as the catalogue grows: at each size, the build, the index's
 * heap, p50/p95 of the fixed searches, the snapshot and a cold start from it (the
 * time and the heap the restored index takes, what a fresh instance pays), and
 * whether one instance still serves it (SEARCH_INSTANCE). The largest size that
 * serves is where the embedded default stops and the Typesense adapter takes over.
 */
export async function benchSearchScale(sizes = SCALE_SIZES) {
  const rows = [];
  for (const size of sizes) {
    // Each phase in its own function, so the corpus and the built engine are garbage before the restore is measured.
    const { row, snapshot } = await scaleBuild(size);
    Object.assign(row, await scaleRestore(snapshot, size));
    // One instance holds the restored index beside the server's own heap (about 100 MB).
    row.serves =
      row.restored_mb + 100 <= SEARCH_INSTANCE.memory_mb &&
      row.cold_start_ms <= SEARCH_INSTANCE.cold_start_ms &&
      row.query_p95_ms <= SEARCH_INSTANCE.query_p95_ms;
    rows.push(row);
    console.log(`  ${JSON.stringify(row)}`);
  }
  const serving = rows.filter((row) => row.serves).map((row) => row.documents);
  return {
    engine: 'embedded (MiniSearch)',
    instance: SEARCH_INSTANCE,
    sizes: rows,
    largest_served: serving.length > 0 ? Math.max(...serving) : null,
  };
}
