/**
 * What a page rendered on demand becomes before it leaves the server, so that
 * its first response (headers and HTML) fits in as few network round trips as
 * possible:
 * - each inline `<style>` the policy allows is cut to the page's critical CSS
 *   (critical-css.ts), and the rest, the site stylesheet's utilities layer
 *   (LATE_STYLESHEET_HREF), waits in a `<template data-after-paint="styles">` before `</body>`, which
 *   BaseLayout's after-paint loader activates when something may draw what the
 *   page's own CSS does not cover: a first interaction, an island, a script
 *   activated after the paint, a signed-in member;
 * - the Content-Security-Policy lists only the inline code this page has:
 *   `script-src` keeps the hashes of the inline scripts present in the page
 *   (Astro's policy lists those of every page), and `style-src` swaps the hash
 *   of each cut stylesheet for the hash of its cut version. A hash is only
 *   ever kept from the policy Astro wrote or computed for a stylesheet that
 *   policy already allowed, so nothing injected into a page becomes allowed.
 *   style-src keeps its other hashes: the toasts insert their stylesheet at
 *   run time, where no page shows it.
 * A page without an allowed inline stylesheet, or whose policy has no
 * script-src or style-src, is left as it is.
 */
import { createHash } from 'node:crypto';
import { criticalCss, usedClassNames } from './critical-css.ts';

/** The CSP source of a piece of inline code: `'sha256-…'` with its quotes. */
function hashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * `policy` with the sources of its `directive` passed through `edit` (null drops
 * one), every other character as it was; unchanged when it has no such directive.
 */
function editDirective(policy: string, directive: string, edit: (source: string) => string | null): string {
  return policy
    .split(';')
    .map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name?.toLowerCase() !== directive) return part;
      const lead = /^\s*/.exec(part)?.[0] ?? '';
      const kept = sources.map(edit).filter((source): source is string => source !== null);
      return `${lead}${[name, ...kept].join(' ')}`;
    })
    .join(';');
}

/** True when `policy` has `directive`. */
function hasDirective(policy: string, directive: string): boolean {
  return policy.split(';').some((part) => part.trim().split(/\s+/)[0]?.toLowerCase() === directive);
}

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;
/** A `<script>` start tag's attributes, quoted values read whole (a `>` inside one does not end the tag). */
const SCRIPT_ATTRIBUTES = String.raw`((?:\s+[^\s=>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?)*)\s*`;
const SCRIPT_ELEMENT = new RegExp(`<script${SCRIPT_ATTRIBUTES}>([\\s\\S]*?)</script>`, 'gi');

/** A page and its Content-Security-Policy, as sent. */
export interface ShapedPage {
  html: string;
  policy: string;
}

/** `html` with critical CSS and a late stylesheet at `lateHref`, and its policy narrowed (see the file comment). */
export function shapePage(html: string, policy: string, lateHref: string): ShapedPage {
  if (!hasDirective(policy, 'style-src') || !hasDirective(policy, 'script-src')) return { html, policy };
  const allowedStyles = new Set<string>();
  editDirective(policy, 'style-src', (source) => {
    allowedStyles.add(source);
    return source;
  });
  const used = usedClassNames(html);
  const swapped = new Map<string, string>();
  const shaped = html.replace(STYLE_ELEMENT, (element, css: string) => {
    const before = hashSource(css);
    if (!allowedStyles.has(before)) return element;
    const critical = criticalCss(css, used);
    if (critical === css) return element;
    swapped.set(before, hashSource(critical));
    return `<style>${critical}</style>`;
  });
  if (swapped.size === 0) return { html, policy };
  const withLate = insertBeforeBodyEnd(
    shaped,
    `<template data-after-paint="styles"><link rel="stylesheet" href="${lateHref}"></template>`,
  );
  const pageScripts = new Set<string>();
  for (const [, attributes = '', code = ''] of withLate.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes) || /type=["']?application\/(ld\+)?json/i.test(attributes)) continue;
    pageScripts.add(hashSource(code));
  }
  const narrowed = editDirective(
    editDirective(policy, 'style-src', (source) => swapped.get(source) ?? source),
    'script-src',
    (source) => (!source.startsWith("'sha") || pageScripts.has(source) ? source : null),
  );
  return { html: withLate, policy: narrowed };
}

/** `html` with `markup` inserted before its last `</body>` (or at its end). */
function insertBeforeBodyEnd(html: string, markup: string): string {
  const end = html.lastIndexOf('</body>');
  return end < 0 ? html + markup : html.slice(0, end) + markup + html.slice(end);
}
