/**
 * The whole site stylesheet (global.css, compiled by Tailwind exactly as every
 * page inlines it) as one static, immutable file. Pages rendered on demand
 * carry only their critical CSS inline (critical-css.ts) and load this file
 * after their first paint, so what scripts and islands add later is styled.
 * Its name carries a hash of its content: a changed stylesheet gets a new
 * address, and the old one can be cached for a year.
 */
import { createHash } from 'node:crypto';
import siteStylesheet from '../styles/global.css?inline';

/** The stylesheet's text. */
export const LATE_STYLESHEET = siteStylesheet;

/** Its file name, `site.<first 10 hex digits of its SHA-256>.css`. */
export const LATE_STYLESHEET_FILE = `site.${createHash('sha256').update(siteStylesheet).digest('hex').slice(0, 10)}.css`;

/** Where it is served (src/pages/styles/[sheet].ts writes it at build time). */
export const LATE_STYLESHEET_HREF = `/styles/${LATE_STYLESHEET_FILE}`;
