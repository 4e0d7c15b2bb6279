// Runs the Open Library stand-in on its own: `node --import tsx scripts/openlibrary-standin/cli.ts`.
//   OPEN_LIBRARY_STANDIN_PORT     port to listen on (127.0.0.1), default 12112
//   OPEN_LIBRARY_STANDIN_LATENCY  milliseconds added before every answer, default 0
// Point the functions at it with OPEN_LIBRARY_BASE_URL=<url> and OPEN_LIBRARY_COVERS_URL=<url>/covers.
// Stops on SIGINT/SIGTERM.
import { startOpenLibraryStandin } from './server.ts';

export const DEFAULT_PORT = 12112;

const portText = process.env.OPEN_LIBRARY_STANDIN_PORT || String(DEFAULT_PORT);
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[openlibrary-standin] OPEN_LIBRARY_STANDIN_PORT is not a port number: ${portText}`);
  process.exit(2);
}
const latencyMs = Number(process.env.OPEN_LIBRARY_STANDIN_LATENCY || 0);

const standin = await startOpenLibraryStandin({
  port,
  latencyMs: Number.isFinite(latencyMs) ? latencyMs : 0,
});
console.log(`[openlibrary-standin] listening on ${standin.url}; covers at ${standin.coversUrl}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    standin.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[openlibrary-standin] failed to stop cleanly', error);
        process.exit(1);
      },
    );
  });
}
