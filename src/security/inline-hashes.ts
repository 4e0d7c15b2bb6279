/**
 * Hashes of the inline code Astro cannot hash by itself, for the CSP in
 * astro.config.mjs (build time, Node only):
 * - our `<script is:inline>` blocks, which Astro copies into the page as written;
 * - the stylesheet sonner (the toasts) injects as a `<style>` element when it loads.
 * A script or style whose hash is missing is blocked by the browser, and the e2e
 * CSP sweep (tests/e2e/sweeps/csp.spec.ts) reports it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The CSP source for a piece of inline code: 'sha256-…' without the quotes, as Astro's config takes it. */
export function sha256Source(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}

/** Every `.astro` file under `dir`, recursively. */
function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

/**
 * The bodies of the `<script is:inline>` blocks of one component. `define:vars`
 * is refused: Astro wraps such a script in generated code, so its hash cannot be
 * known from the source; pass values in data- attributes and read them from
 * `document.currentScript.dataset` instead.
 */
export function inlineScriptsOf(source: string, file = 'component'): string[] {
  const bodies: string[] = [];
  for (const match of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', body = ''] = match;
    if (!/\bis:inline\b/.test(attributes)) continue;
    if (/\bdefine:vars\b/.test(attributes))
      throw new Error(
        `${file}: <script is:inline define:vars> cannot be hashed for the Content-Security-Policy; use data- attributes.`,
      );
    if (/\btype=["']application\/(ld\+)?json["']/.test(attributes)) continue;
    bodies.push(body);
  }
  return bodies;
}

/** The hash of every `<script is:inline>` body in the components and pages under `srcDir`. */
export function inlineScriptHashes(srcDir: string): `sha256-${string}`[] {
  const hashes = astroFiles(srcDir).flatMap((file) =>
    inlineScriptsOf(readFileSync(file, 'utf8'), file).map(sha256Source),
  );
  return [...new Set(hashes)];
}

/**
 * The hashes of the stylesheet sonner (the toasts) inserts at run time: its CSS (a
 * string literal passed to `__insertCSS` in the package's build) and the empty
 * string, because `__insertCSS` appends an empty `<style>` first and fills it
 * after; the browser checks (and reports) that empty element too. An empty
 * stylesheet styles nothing, so allowing it gives nothing away. Toasts keep their
 * styles without allowing every inline style.
 */
export function sonnerStyleHashes(): `sha256-${string}`[] {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(bundle)?.[1];
  if (!literal)
    throw new Error(
      'sonner no longer injects its CSS with __insertCSS("…"): update sonnerStyleHashes() in src/security/inline-hashes.ts',
    );
  return [sha256Source(''), sha256Source(JSON.parse(literal) as string)];
}
