/**
 * The site stylesheet's utilities layer (global.css, compiled by Tailwind
 * exactly as every page inlines it; lateUtilities in critical-css.ts) as one
 * static, immutable file. Pages rendered on demand carry their critical CSS
 * inline (every layer whole but the utilities, cut to what the page uses) and
 * load this file after their first paint, so what scripts and islands add
 * later is styled.
 * Its name carries a hash of its content: a changed stylesheet gets a new
 * address, and the old one can be cached for a year.
 */
import { createHash } from 'node:crypto';
import siteStylesheet from '../styles/global.css?inline';
import { lateUtilities } from './critical-css.ts';

/** The stylesheet's text. */
export const LATE_STYLESHEET = lateUtilities(siteStylesheet);

/** Its file name, `site.<first 10 hex digits of its SHA-256>.css`. */
export const LATE_STYLESHEET_FILE = `site.${createHash('sha256').update(LATE_STYLESHEET).digest('hex').slice(0, 10)}.css`;

/** Where it is served (src/pages/styles/[sheet].ts writes it at build time). */
export const LATE_STYLESHEET_HREF = `/styles/${LATE_STYLESHEET_FILE}`;
