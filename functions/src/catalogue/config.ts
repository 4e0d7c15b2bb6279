/**
 * Which Open Library the functions read, from configuration only: OPEN_LIBRARY_BASE_URL
 * (default https://openlibrary.org) and OPEN_LIBRARY_COVERS_URL (default
 * https://covers.openlibrary.org), so tests and `npm start` can point them at the local
 * stand-in (scripts/openlibrary-standin). OPEN_LIBRARY_REQUESTS_PER_SECOND overrides the
 * rate: 3 a second against the real site, 20 against any other address. The User-Agent
 * names Shelfmark and a contact (OPEN_LIBRARY_CONTACT, else SITE_URL), as Open Library asks.
 */
import { openLibrarySource } from './connectors/openlibrary.ts';
import type { CatalogueSource } from './source.ts';

export const OPEN_LIBRARY_URL = 'https://openlibrary.org';
export const OPEN_LIBRARY_COVERS_URL = 'https://covers.openlibrary.org';

export interface OpenLibraryConfig {
  baseUrl: string;
  coversBaseUrl: string;
  userAgent: string;
  requestsPerSecond: number;
}

export function openLibraryConfig(env: NodeJS.ProcessEnv = process.env): OpenLibraryConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = (value('OPEN_LIBRARY_BASE_URL') ?? OPEN_LIBRARY_URL).replace(/\/+$/, '');
  const coversBaseUrl = (value('OPEN_LIBRARY_COVERS_URL') ?? OPEN_LIBRARY_COVERS_URL).replace(/\/+$/, '');
  const rate = Number(value('OPEN_LIBRARY_REQUESTS_PER_SECOND'));
  const contact = value('OPEN_LIBRARY_CONTACT') ?? value('SITE_URL') ?? 'http://localhost:4321';
  return {
    baseUrl,
    coversBaseUrl,
    userAgent: `Shelfmark/1.0 (+${contact})`,
    requestsPerSecond: rate > 0 ? rate : baseUrl === OPEN_LIBRARY_URL ? 3 : 20,
  };
}

let shared: { key: string; source: CatalogueSource } | undefined;

/** The Open Library source for the environment, one per configuration (its cache and rate limit are shared by callers). */
export function openLibraryFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogueSource {
  const config = openLibraryConfig(env);
  const key = JSON.stringify(config);
  if (shared?.key !== key) shared = { key, source: openLibrarySource(config) };
  return shared.source;
}
