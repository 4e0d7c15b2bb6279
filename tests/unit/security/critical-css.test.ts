import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  classesInSelector,
  criticalCss,
  lateUtilities,
  splitStatements,
  unescapeCssIdentifier,
  usedClassNames,
} from '../../../src/security/critical-css.ts';
import { shapePage } from '../../../src/security/critical-page.ts';

/** A stylesheet shaped like Tailwind 4's output (minified, layered). */
const SHEET = [
  '/*! tailwindcss v4 | MIT License | https://tailwindcss.com */',
  '@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{--tw-translate-x:0;--tw-shadow:0 0 #0000;--tw-font-weight:initial}}}',
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-ink:#2a211b;--color-accent:#8a2c2c;--color-unused:#fff;--font-serif:Georgia,serif;--default-font:var(--font-serif)}}',
  '@layer base{html{font-family:var(--default-font)}h1{color:var(--color-ink)}}',
  '@layer components{.btn{padding:1rem}}',
  '@layer utilities{',
  '.sr-only{position:absolute}',
  '.hidden{display:none}',
  '.text-accent{color:var(--color-accent)}',
  '.translate-x-2{--tw-translate-x:.5rem;translate:var(--tw-translate-x) 0}',
  '.font-bold{--tw-font-weight:700;font-weight:700}',
  '.md\\:flex{@media (min-width:48rem){display:flex}}',
  '@media (min-width:40rem){.sm\\:grid{display:grid}}',
  '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}',
  ".content-\\[\\'\\{\\'\\]{--tw-content:'{';content:var(--tw-content)}",
  '.aspect-\\[2\\/3\\]{aspect-ratio:2/3}',
  '}',
  '.scoped[data-astro-cid-x]{color:red}',
  '@property --tw-translate-x{syntax:"*";inherits:false;initial-value:0}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-font-weight{syntax:"*";inherits:false}',
].join('');

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('reading CSS', () => {
  it('splits top-level statements, skipping strings, comments and escapes', () => {
    const nodes = splitStatements('@layer a,b;/* { */.x{content:"}"}.y\\{{color:red}');
    expect(nodes?.map((node) => node.prelude)).toEqual(['@layer a,b', '.x', '.y\\{']);
    expect(nodes?.[1]?.body).toBe('content:"}"');
  });

  it('gives up on unbalanced braces or an open string', () => {
    expect(splitStatements('.x{color:red')).toBeNull();
    expect(splitStatements('.x{color:red}}')).toBeNull();
    expect(splitStatements('.x{content:"}')).toBeNull();
  });

  it('names the classes of a selector without their escapes', () => {
    expect(classesInSelector('.md\\:flex')).toEqual(['md:flex']);
    expect(classesInSelector('.aspect-\\[2\\/3\\]')).toEqual(['aspect-[2/3]']);
    expect(classesInSelector('.group:hover .group-hover\\:x')).toEqual(['group', 'group-hover:x']);
    expect(classesInSelector('html,h1')).toEqual([]);
    expect(unescapeCssIdentifier('\\31 0')).toBe('10');
  });
});

describe('usedClassNames', () => {
  it('takes class attributes (templates included) and the words of inline scripts, not JSON-LD', () => {
    const used = usedClassNames(
      '<p class="a  md:flex">x</p><template><b class=\'t\'></b></template>' +
        '<script>el.classList.add("hidden")</script>' +
        '<script type="application/ld+json">{"name":"leaked"}</script>' +
        '<script type="module" src="/x.js"></script>' +
        '<i class="aspect-[2/3] w-1/2 &amp;x">',
    );
    expect([...used]).toEqual(
      expect.arrayContaining(['a', 'md:flex', 't', 'hidden', 'aspect-[2/3]', 'w-1/2', '&x']),
    );
    expect(used.has('leaked')).toBe(false);
  });
});

describe('criticalCss', () => {
  it('keeps only the utilities the page uses, in their order, with every other layer and the scoped styles', () => {
    const out = criticalCss(SHEET, new Set(['text-accent', 'md:flex', 'hover:underline']));
    expect(out).toContain('.text-accent{color:var(--color-accent)}');
    expect(out).toContain('.md\\:flex{@media (min-width:48rem){display:flex}}');
    expect(out).toContain('@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}');
    expect(out.indexOf('.text-accent')).toBeLessThan(out.indexOf('.md\\:flex'));
    for (const dropped of [
      '.sr-only',
      '.hidden',
      '.translate-x-2',
      '.sm\\:grid',
      '@media (min-width:40rem)',
      'aspect',
    ])
      expect(out).not.toContain(dropped);
    expect(out).toContain('@layer base{html{font-family:var(--default-font)}h1{color:var(--color-ink)}}');
    expect(out).toContain('@layer components{.btn{padding:1rem}}');
    expect(out).toContain('@layer theme,base,components,utilities;');
    expect(out).toContain('.scoped[data-astro-cid-x]{color:red}');
    expect(out.startsWith('/*! tailwindcss v4')).toBe(true);
  });

  it('keeps theme variables, Tailwind registrations and their fallbacks whole, so the late sheet restyles no element for them', () => {
    const out = criticalCss(SHEET, new Set(['text-accent']));
    for (const kept of [
      '--color-unused:#fff',
      '--default-font:var(--font-serif)',
      '@property --tw-translate-x{syntax:"*";inherits:false;initial-value:0}',
      '@property --tw-shadow',
      '--tw-translate-x:0;--tw-shadow:0 0 #0000',
    ])
      expect(out).toContain(kept);
  });

  it('reads a selector with an escaped quote and brace', () => {
    expect(criticalCss(SHEET, new Set(["content-['{']"]))).toContain(
      "--tw-content:'{';content:var(--tw-content)",
    );
  });

  it('leaves a stylesheet it cannot read as it is', () => {
    const broken = '@layer utilities{.a{color:red}.b{color:blue}';
    expect(criticalCss(broken, new Set())).toBe(broken);
  });
});

describe('lateUtilities', () => {
  it('is the whole utilities layer in its order and nothing else, so with any critical cut every rule applies', () => {
    const late = lateUtilities(SHEET);
    expect(late.startsWith('@layer utilities{.sr-only{position:absolute}.hidden{display:none}')).toBe(true);
    expect(late.endsWith('.aspect-\\[2\\/3\\]{aspect-ratio:2/3}}')).toBe(true);
    for (const other of ['@layer base', '@layer theme', '@property', '*,:before', '.scoped'])
      expect(late).not.toContain(other);
    const critical = criticalCss(SHEET, new Set(['text-accent']));
    expect(critical.replace(/@layer utilities\{[^]*?\}(?=\.scoped)/, '')).toBe(
      SHEET.replace(/@layer utilities\{[^]*?\}(?=\.scoped)/, ''),
    );
  });

  it('is the whole stylesheet when it cannot be read', () => {
    const broken = '@layer utilities{.a{color:red}';
    expect(lateUtilities(broken)).toBe(broken);
  });
});

describe('shapePage', () => {
  const page = (style: string, extra = '') =>
    `<html><head><style>${style}</style><script>boot()</script></head><body class="text-accent">${extra}</body></html>`;
  const policy = (style: string) =>
    `default-src 'none'; script-src 'self' ${sha('boot()')} ${sha('other()')}; style-src 'self' ${sha(style)} ${sha('toast{}')}`;

  it('inlines the critical CSS, swaps its hash, adds the late stylesheet and lists only the page’s scripts', () => {
    const shaped = shapePage(page(SHEET), policy(SHEET), '/styles/site.abc.css');
    const critical = criticalCss(SHEET, usedClassNames(page(SHEET)));
    expect(shaped.html).toContain(`<style>${critical}</style>`);
    expect(shaped.html).toContain(
      '<template data-after-paint="styles"><link rel="stylesheet" href="/styles/site.abc.css"></template></body>',
    );
    expect(shaped.policy).toBe(
      `default-src 'none'; script-src 'self' ${sha('boot()')}; style-src 'self' ${sha(critical)} ${sha('toast{}')}`,
    );
  });

  it('changes nothing in the policy but the hashes, in the form Astro writes it', () => {
    const astroForm = `default-src 'none';img-src 'self' data:;frame-ancestors 'none'; script-src 'self' ${sha('boot()')} ${sha('other()')}; style-src 'self' ${sha(SHEET)};`;
    const shaped = shapePage(page(SHEET), astroForm, '/styles/site.abc.css');
    const critical = criticalCss(SHEET, usedClassNames(page(SHEET)));
    expect(shaped.policy).toBe(
      `default-src 'none';img-src 'self' data:;frame-ancestors 'none'; script-src 'self' ${sha('boot()')}; style-src 'self' ${sha(critical)};`,
    );
  });

  it('reads a script tag whose attribute holds a ">" whole, so that script keeps its hash', () => {
    const html = page(SHEET, '<script data-paths="a>b">other()</script>');
    const shaped = shapePage(html, policy(SHEET), '/styles/site.abc.css');
    expect(shaped.policy).toContain(`script-src 'self' ${sha('boot()')} ${sha('other()')};`);
  });

  it('never allows a stylesheet the policy did not allow', () => {
    const shaped = shapePage(page(SHEET), policy('other{}'), '/styles/site.abc.css');
    expect(shaped).toEqual({ html: page(SHEET), policy: policy('other{}') });
  });

  it('leaves a page without script-src or style-src as it is', () => {
    const bare = `default-src 'none'; style-src 'self' ${sha(SHEET)}`;
    expect(shapePage(page(SHEET), bare, '/x.css')).toEqual({ html: page(SHEET), policy: bare });
  });
});
