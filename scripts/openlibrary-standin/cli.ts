// Runs the Open Library stand-in on its own: `node --import tsx scripts/openlibrary-standin/cli.ts`.
//   OPEN_LIBRARY_STANDIN_PORT     port to listen on (127.0.0.1), default 12112
//   OPEN_LIBRARY_STANDIN_LATENCY  milliseconds added before every answer, default 0
// Point the functions at it with OPEN_LIBRARY_BASE_URL=<url> and OPEN_LIBRARY_COVERS_URL=<url>/covers.
// Stops on SIGINT/SIGTERM.
import { closeOnSignals, portFromEnv } from '../lib/standin-cli.ts';
import { startOpenLibraryStandin } from './server.ts';

export const DEFAULT_PORT = 12112;

const port = portFromEnv('openlibrary-standin', 'OPEN_LIBRARY_STANDIN_PORT', DEFAULT_PORT);
const latencyMs = Number(process.env.OPEN_LIBRARY_STANDIN_LATENCY || 0);

const standin = await startOpenLibraryStandin({
  port,
  latencyMs: Number.isFinite(latencyMs) ? latencyMs : 0,
});
console.log(`[openlibrary-standin] listening on ${standin.url}; covers at ${standin.coversUrl}`);

closeOnSignals('openlibrary-standin', standin);
