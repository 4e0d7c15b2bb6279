// Which search engine the site uses, from the environment. The embedded engine
// (MiniSearch in each server instance, kept current from the change log) is the
// default and needs nothing configured. SEARCH_ENGINE=typesense selects a
// Typesense server: TYPESENSE_URL, TYPESENSE_COLLECTION (default 'shelfmark'),
// and a key by role: the site searches with TYPESENSE_SEARCH_API_KEY (a
// search-only key), Cloud Functions index with TYPESENSE_ADMIN_API_KEY. Neither
// key is ever sent to a browser: searches run on the server.
import type { TypesenseConfig } from './typesense-engine.ts';

/** Who asks: the site searches, Cloud Functions index. */
export type SearchRole = 'site' | 'indexer';

export type SearchBackend = { kind: 'embedded' } | { kind: 'typesense'; config: TypesenseConfig };

/** The collection name when TYPESENSE_COLLECTION is not set. */
export const DEFAULT_TYPESENSE_COLLECTION = 'shelfmark';

/** The configured engine; a Typesense selection missing a setting is an error that names it. */
export function searchBackend(role: SearchRole, env: NodeJS.ProcessEnv = process.env): SearchBackend {
  const engine = env.SEARCH_ENGINE?.trim().toLowerCase() || 'embedded';
  if (engine === 'embedded') return { kind: 'embedded' };
  if (engine !== 'typesense')
    throw new Error(`SEARCH_ENGINE is "${engine}": it must be "embedded" (the default) or "typesense".`);
  const keyName = role === 'site' ? 'TYPESENSE_SEARCH_API_KEY' : 'TYPESENSE_ADMIN_API_KEY';
  const url = env.TYPESENSE_URL?.trim() ?? '';
  const apiKey = env[keyName]?.trim() ?? '';
  const missing = [!url && 'TYPESENSE_URL', !apiKey && keyName].filter(Boolean);
  if (missing.length > 0)
    throw new Error(`SEARCH_ENGINE is "typesense" but ${missing.join(' and ')} is not set.`);
  if (!/^https?:\/\//.test(url)) throw new Error('TYPESENSE_URL must start with http:// or https://.');
  return {
    kind: 'typesense',
    config: { url, apiKey, collection: env.TYPESENSE_COLLECTION?.trim() || DEFAULT_TYPESENSE_COLLECTION },
  };
}
