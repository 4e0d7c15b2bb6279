import { defineMiddleware, sequence } from 'astro:middleware';
import { reportError } from './data/server/shared/error-tracker.ts';
import { withReadMeter } from './data/server/shared/read-meter.ts';
import { shapePage } from './security/critical-page.ts';
import { LATE_STYLESHEET_HREF } from './security/late-stylesheet.ts';
import { FILE_CSP, HSTS, SECURITY_HEADERS, sendsHsts } from './security/policy.ts';

/**
 * The security headers of responses rendered on demand (pages, /media/* files).
 * Pre-rendered files get the same headers from the generated `_headers` file
 * (src/security/integration.ts). Astro has already set the Content-Security-Policy
 * of a page; a file gets the files' policy.
 */
const securityHeaders = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const response = await next();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  // Pages carry Astro's policy (except under `astro dev`, where Astro writes none and a
  // files' policy would block every script); anything else gets the files' policy.
  const isPage = headers.get('Content-Type')?.startsWith('text/html') ?? false;
  if (!isPage && !headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', FILE_CSP);
  if (sendsHsts(context.url)) headers.set('Strict-Transport-Security', HSTS);
  // A new Response: the one a page or endpoint returned may have immutable headers.
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

/**
 * Pages rendered on demand leave with their critical CSS inline, the rest of the
 * site stylesheet (its utilities layer) loaded after the first paint, and a policy that lists only their
 * own inline code (src/security/critical-page.ts). Pre-rendered pages keep the
 * whole stylesheet inline: they are files on the CDN, fetched once per change.
 * Without a policy (`astro dev`) a page is left as it is.
 */
const criticalPage = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const response = await next();
  const policy = response.headers.get('Content-Security-Policy');
  if (!policy || !response.headers.get('Content-Type')?.startsWith('text/html')) return response;
  const shaped = shapePage(await response.text(), policy, LATE_STYLESHEET_HREF);
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', shaped.policy);
  headers.delete('Content-Length');
  return new Response(shaped.html, { status: response.status, statusText: response.statusText, headers });
});

// Measures the Firestore reads each on-demand render costs (see read-meter.ts).
// The header is only added when READ_METER=1 (the benchmark), never in production.
const readMeter = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || process.env.READ_METER !== '1') return next();
  const { result, reads } = await withReadMeter(() => next());
  // The body may still be streaming; reads made after the headers left are not counted,
  // which is why on-demand pages load their data in the frontmatter, before rendering.
  const response = new Response(result.body, result);
  response.headers.set('X-Firestore-Reads', String(reads));
  return response;
});

// An error while rendering on demand goes to the error tracker when one is configured
// (SENTRY_DSN), then on to Astro's error page as before.
const errorTracker = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  try {
    return await next();
  } catch (error) {
    await reportError(error, { path: context.url.pathname });
    throw error;
  }
});

export const onRequest = sequence(errorTracker, securityHeaders, criticalPage, readMeter);
