// Valid HTML: every page the sitemap lists, plus the account screens and the 404,
// passes the W3C Nu HTML Checker (the npm package vnu-jar, run on Java).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../helpers/fixtures';
import { EXTRA_PAGES, fetchPages } from '../helpers/pages';
import { sitemapPages } from '../helpers/sitemap';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * Valid CSS that the checker's CSS grammar does not know yet, in the stylesheet every
 * page carries inline: Tailwind 4 registers its variables with `@property`, and its
 * preflight tests `margin-trim` inside `@supports`. Only these two are set aside;
 * any other CSS message still fails the test.
 */
const CHECKER_CSS_GAPS = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * Runs the checker once over every page (one JVM start for all of them). Errors make
 * a page invalid; warnings ("info" with subType "warning") are advice, listed apart.
 * Each message as "path:line [kind] message — extract".
 */
async function check(
  bodies: { path: string; html: string }[],
): Promise<{ errors: string[]; warnings: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'shelfmark-vnu-'));
  try {
    const files = await Promise.all(
      bodies.map(async ({ path, html }, i) => {
        const file = join(dir, `page-${i}.html`);
        await writeFile(file, html);
        return { file, path };
      }),
    );
    const pathOf = new Map(files.map(({ file, path }) => [`file:${file}`, path]));
    // The checker exits 1 when it reports anything; its JSON is on stdout either way.
    const stdout = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files.map((f) => f.file)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).then(
      (result) => result.stdout,
      (error: { stdout?: string; message: string }) => {
        if (!error.stdout) throw new Error(`vnu.jar did not run: ${error.message}`);
        return error.stdout;
      },
    );
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    const format = (m: VnuMessage) => {
      const where = `${(m.url && pathOf.get(m.url)) ?? m.url ?? '(checker)'}${m.lastLine ? `:${m.lastLine}` : ''}`;
      return `${where} [${m.subType ?? m.type}] ${m.message}${m.extract ? ` — ${JSON.stringify(m.extract.trim())}` : ''}`;
    };
    return {
      errors: messages
        .filter((m) => m.type !== 'info' && !CHECKER_CSS_GAPS.some((gap) => gap.test(m.message)))
        .map(format),
      warnings: messages.filter((m) => m.type === 'info').map(format),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('every public page, the account screens and the 404 pass the W3C Nu HTML Checker', async ({
  request,
}) => {
  const pages = [...(await sitemapPages(request)).map(({ path }) => ({ path, status: 200 })), ...EXTRA_PAGES];
  test.setTimeout(60_000 + pages.length * 2_000);
  const { bodies, problems } = await fetchPages(request, pages);
  expect(problems, 'pages that could not be fetched').toEqual([]);
  const { errors, warnings } = await check(bodies);
  if (warnings.length)
    test.info().annotations.push({ type: 'Nu HTML Checker warnings', description: warnings.join('\n') });
  expect(errors.length, `Nu HTML Checker errors:\n${errors.join('\n')}`).toBe(0);
});
