/**
 * Errors in server code (the site's on-demand pages and endpoints, and the functions'
 * recorded failures and failed callables) go to a standard error tracker when one is
 * configured: SENTRY_DSN names a Sentry project, or any service that speaks Sentry's
 * protocol (GlitchTip, a self-hosted Sentry). With no DSN the SDK is never loaded and
 * nothing leaves the server. Only the error, its stack and the context given (a path,
 * a failure's kind) are sent: the SDK runs without its default integrations, so no
 * request bodies, headers, cookies or local variables, and no tracing.
 */
type SentryModule = typeof import('@sentry/node');

let loaded: Promise<SentryModule | null> | undefined;
let loadedFor: string | undefined;

/** The DSN configured now, or '' for none. */
function configuredDsn(): string {
  return process.env.SENTRY_DSN?.trim() ?? '';
}

/** The SDK, initialised for `dsn` on first use; null when it cannot be loaded. */
function sdkFor(dsn: string): Promise<SentryModule | null> {
  if (loaded === undefined || loadedFor !== dsn) {
    loadedFor = dsn;
    loaded = import('@sentry/node').then(
      (Sentry) => {
        Sentry.initWithoutDefaultIntegrations({
          dsn,
          environment: process.env.SENTRY_ENVIRONMENT?.trim() || 'production',
          skipOpenTelemetrySetup: true,
          sendDefaultPii: false,
        });
        return Sentry;
      },
      (error: unknown) => {
        console.error('error tracker: the SDK could not be loaded', error);
        return null;
      },
    );
  }
  return loaded;
}

/** True once the tracker's SDK has been asked for (a DSN was configured when an error was reported). */
export function trackerLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * Reports `error` with `context` (short strings) to the error tracker, when one is
 * configured, and waits until it is sent (at most `flushMs`: a function's instance may be
 * frozen once it answered). Never throws: reporting must not hide the error itself.
 */
export async function reportError(
  error: unknown,
  context: Record<string, string> = {},
  flushMs = 2_000,
): Promise<void> {
  const dsn = configuredDsn();
  if (dsn === '') return;
  try {
    const Sentry = await sdkFor(dsn);
    if (Sentry === null) return;
    Sentry.captureException(error, { tags: context });
    await Sentry.flush(flushMs);
  } catch (problem) {
    console.error('error tracker: the error was not reported', problem);
  }
}
