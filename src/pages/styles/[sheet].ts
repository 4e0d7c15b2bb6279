// The site stylesheet's utilities layer, which pages rendered on demand load after their first paint
// (src/security/late-stylesheet.ts): written as a static file at build time.
import type { APIRoute, GetStaticPaths } from 'astro';
import { LATE_STYLESHEET, LATE_STYLESHEET_FILE } from '../../security/late-stylesheet.ts';

export const prerender = true;

export const getStaticPaths = (() => [{ params: { sheet: LATE_STYLESHEET_FILE } }]) satisfies GetStaticPaths;

export const GET: APIRoute = () =>
  new Response(LATE_STYLESHEET, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
