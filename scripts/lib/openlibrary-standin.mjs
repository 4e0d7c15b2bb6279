// The local Open Library stand-in (scripts/openlibrary-standin, docs/notes/catalogue.md) as
// `npm start` and the tests run it: on PORTS.openLibrary, with the functions pointed at
// it by OPEN_LIBRARY_BASE_URL and OPEN_LIBRARY_COVERS_URL in functions/.env.demo-shelfmark
// (openLibraryEnv() gives the same pair for a stand-in on another address).
import { PORTS } from '../emulator-env.mjs';

/** The stand-in's port for a local run (PORTS.stripe is the Stripe stand-in's). */
export const OPEN_LIBRARY_STANDIN_PORT = PORTS.openLibrary;
/** The stand-in's address (the API, and the /_standin test controls). */
export const OPEN_LIBRARY_STANDIN_URL = `http://127.0.0.1:${OPEN_LIBRARY_STANDIN_PORT}`;

/** The environment that points the functions' Open Library connector at the stand-in on `url`. */
export function openLibraryEnv(url = OPEN_LIBRARY_STANDIN_URL) {
  return { OPEN_LIBRARY_BASE_URL: url, OPEN_LIBRARY_COVERS_URL: `${url}/covers` };
}

/**
 * Starts the stand-in in this process; resolves to `{ url, coversUrl, close() }`.
 * `port: 0` picks a free port.
 */
export async function startLocalOpenLibraryStandin({
  port = OPEN_LIBRARY_STANDIN_PORT,
  latencyMs,
  log,
} = {}) {
  const { startOpenLibraryStandin } = await import('../openlibrary-standin/index.ts');
  return startOpenLibraryStandin({ port, latencyMs, log });
}
