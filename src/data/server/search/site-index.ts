// The search index of this server instance (src/domain/search/search-sync.ts says how
// instances stay current): loaded once, on the first search, from the latest
// snapshot, or from the items themselves before any snapshot exists; then,
// before each search, the change log's newer entries are applied when the last
// look was more than SEARCH_SYNC_MS ago. Concurrent searches share one load
// and one sync.
import type { Firestore } from 'firebase-admin/firestore';
import { SEARCH_SYNC_MS } from '../../../domain/search/search-sync.ts';
import type { SiteSearchParams, SiteSearchResults } from '../../../domain/search/site-search.ts';
import { getDb } from '../shared/firestore.ts';
import { EmbeddedSearchEngine } from './embedded-engine.ts';
import { searchBackend } from './engine-config.ts';
import { TypesenseSearchEngine } from './typesense-engine.ts';
import { readAllSearchDocuments } from './search-source.ts';
import { applyChangesSince, readSnapshot } from './search-store.ts';

/** One instance's index and how current it is. */
export class SiteIndex {
  #engine: EmbeddedSearchEngine | null = null;
  #watermark = new Date(0);
  #checkedAt = 0;
  #loading: Promise<void> | null = null;
  #syncing: Promise<void> | null = null;

  constructor(
    private readonly firestore: () => Firestore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Answers a search from an index at most SEARCH_SYNC_MS behind the change log. */
  async search(params: SiteSearchParams): Promise<SiteSearchResults> {
    await this.ready();
    if (this.clock() - this.#checkedAt >= SEARCH_SYNC_MS) await this.sync();
    return this.#engine!.search(params);
  }

  /** Loads the index once (a failed load is tried again by the next search). */
  async ready(): Promise<void> {
    if (this.#engine) return;
    this.#loading ??= this.#load().finally(() => {
      this.#loading = null;
    });
    await this.#loading;
  }

  async #load(): Promise<void> {
    const firestore = this.firestore();
    // Wall-clock time, as the log's commit times are (the clock only paces syncs).
    const startedAt = new Date();
    const snapshot = await readSnapshot(firestore);
    // A snapshot built with other fields (before one was added) is not used.
    const restored = snapshot ? EmbeddedSearchEngine.fromJSON(snapshot.json) : null;
    if (snapshot && restored) {
      this.#engine = restored;
      this.#watermark = snapshot.meta.watermark;
    } else {
      const engine = new EmbeddedSearchEngine();
      await engine.upsert(await readAllSearchDocuments(firestore));
      this.#engine = engine;
      // Changes recorded while the items were read are applied by the first sync.
      this.#watermark = startedAt;
    }
    this.#checkedAt = 0;
  }

  /** Applies the change log's newer entries (one sync at a time). */
  async sync(): Promise<void> {
    this.#syncing ??= (async () => {
      const checkedAt = this.clock();
      const { watermark } = await applyChangesSince(this.firestore(), this.#engine!, this.#watermark);
      this.#watermark = watermark;
      this.#checkedAt = checkedAt;
    })().finally(() => {
      this.#syncing = null;
    });
    await this.#syncing;
  }
}

/** What the site searches with: this instance's index, or a search server every instance shares. */
export interface SiteSearcher {
  search(params: SiteSearchParams): Promise<SiteSearchResults>;
}

let instance: SiteSearcher | null = null;

/**
 * The site's search, by configuration (engine-config.ts): this instance's
 * embedded index by default, or the Typesense server, which Cloud Functions
 * keep current (functions/src/search/search-typesense.ts), searched with a
 * search-only key. A configuration error is thrown here, at the first search.
 */
export function siteIndex(env: NodeJS.ProcessEnv = process.env): SiteSearcher {
  if (instance) return instance;
  const backend = searchBackend('site', env);
  instance = backend.kind === 'typesense' ? new TypesenseSearchEngine(backend.config) : new SiteIndex(getDb);
  return instance;
}
