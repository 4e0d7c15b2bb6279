// What a local stand-in run from a shell needs (scripts/stripe-standin/cli.ts,
// scripts/openlibrary-standin/cli.ts): its port from the environment, refused when it
// is not a port number, and a clean stop on SIGINT/SIGTERM.

/** The port named by `variable` (default `fallback`); exits with 2 when it is not a port number. */
export function portFromEnv(name: string, variable: string, fallback: number): number {
  const text = process.env[variable] || String(fallback);
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[${name}] ${variable} is not a port number: ${text}`);
    process.exit(2);
  }
  return port;
}

/** Closes `server` once on the first SIGINT or SIGTERM, then exits (1 when closing failed). */
export function closeOnSignals(name: string, server: { close(): Promise<unknown> }): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`[${name}] failed to stop cleanly`, error);
          process.exit(1);
        },
      );
    });
  }
}
