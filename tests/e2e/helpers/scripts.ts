// The JavaScript a visitor's browser downloads for a page, for the pages' weight
// budgets. The browser only lists what it asked for; each script's text is then read
// from the server. Reading bodies from the browser itself fails at random when the
// page moves on (Chromium drops a response's body with the document that asked for
// it: "No resource with given identifier found").
import { gzipSync } from 'node:zlib';
import { expect, type Page, type Request } from '@playwright/test';

export interface LoadedScript {
  url: string;
  text: string;
}

/** The scripts `page` requested while `act` ran, each once, with their text. */
export async function scriptsLoadedBy(page: Page, act: () => Promise<unknown>): Promise<LoadedScript[]> {
  const urls = new Set<string>();
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  };
  page.on('request', onRequest);
  try {
    await act();
  } finally {
    page.off('request', onRequest);
  }
  return Promise.all(
    [...urls].map(async (url) => {
      const response = await page.request.get(url);
      expect(response.ok(), `${url} answers ${response.status()}`).toBe(true);
      return { url, text: await response.text() };
    }),
  );
}

/** The page's inline scripts, structured data (JSON-LD) left out: it is not code. */
export function inlineScripts(page: Page): Promise<string[]> {
  return page.$$eval('script:not([src]):not([type="application/ld+json"])', (nodes) =>
    nodes.map((n) => n.textContent ?? ''),
  );
}

/** What `texts` weigh gzipped at level 9, each on its own, as a CDN would send them. */
export function gzipBytes(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + gzipSync(Buffer.from(text), { level: 9 }).length, 0);
}
