/**
 * Where a connector keeps what it fetched, so a second look-up of the same record makes
 * no request. The interface is asynchronous so that a Firestore-backed cache can take the
 * in-memory one's place; values are JSON-shaped (already validated answers).
 */
export interface CatalogueCache {
  /** The value under `key`, or undefined when there is none or it expired. */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
}

export interface MemoryCacheOptions {
  /** The most entries kept; the least recently used goes first. 1,000 by default. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * An in-memory LRU cache with a time to live per entry. A Map keeps insertion order, so
 * re-inserting an entry on every read makes its first key the least recently used.
 */
export function memoryCache(options: MemoryCacheOptions = {}): CatalogueCache & { readonly size: number } {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    get size() {
      return entries.size;
    },
    async get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
