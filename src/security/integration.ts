/**
 * An Astro integration that writes `_headers` next to the built static files:
 * the rules of header-rules.ts, with the Content-Security-Policy Astro computed
 * for each pre-rendered page. Netlify applies the file to the files its CDN
 * serves; scripts/lib/serve.mjs applies the same file locally. The adapter must
 * have `staticHeaders` on, or Astro puts the policy in a <meta> tag
 * (which cannot carry frame-ancestors) and hands no headers to integrations.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { renderHeadersFile, staticHeaderRules } from './header-rules.ts';

/** The integration; `production` adds HSTS (Netlify builds only, never a local http server). */
export function securityHeaders({ production }: { production: boolean }): AstroIntegration {
  const pageCsp = new Map<string, string>();
  let assetsDir = '_astro';
  return {
    name: 'shelfmark:security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        assetsDir = config.build.assets;
      },
      'astro:build:generated': ({ routeToHeaders }) => {
        for (const [path, { headers }] of routeToHeaders) {
          const csp = headers.get('Content-Security-Policy');
          if (csp) pageCsp.set(path, csp);
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (pageCsp.size === 0)
          throw new Error(
            'No Content-Security-Policy reached the build: is security.csp on and the adapter’s staticHeaders set?',
          );
        await writeFile(
          new URL('_headers', dir),
          renderHeadersFile(staticHeaderRules({ pageCsp, production, assetsDir })),
        );
        logger.info(`Wrote _headers (${pageCsp.size} pages with their Content-Security-Policy)`);
      },
    },
  };
}
