// Mozilla's HTTP Observatory (the npm package @mdn/mdn-http-observatory, the same
// scanner as https://developer.mozilla.org/observatory) run against the bench's own
// server: the grade, the score and every test that does not pass, per page.
//
// Offline on purpose: the package's install step downloads Chromium's HSTS preload
// list into its conf/ folder, and installs that deny download scripts lack it. The
// scanner only asks that list whether a host is preloaded, and 127.0.0.1 is on no
// list, so a missing list reads as an empty one here instead of failing the scan.
import fs from 'node:fs';
import { scan } from '@mdn/mdn-http-observatory';

/** The tests that can only pass over TLS, which a local http server cannot offer. */
export const TLS_ONLY_TESTS = ['redirection', 'strict-transport-security'];

const PRELOAD_LIST = /mdn-http-observatory[\\/]conf[\\/]hsts-preload\.json$/;

/** Runs `fn` with reads of a missing HSTS preload list answered by an empty list. */
async function withoutPreloadList(fn) {
  const readFileSync = fs.readFileSync;
  fs.readFileSync = function (path, ...rest) {
    if (typeof path === 'string' && PRELOAD_LIST.test(path) && !fs.existsSync(path)) return '{}';
    return readFileSync.call(this, path, ...rest);
  };
  try {
    return await fn();
  } finally {
    fs.readFileSync = readFileSync;
  }
}

/**
 * Scans one page of a local server. The scanner takes a host name and builds
 * http:// and https:// URLs from it, so the port and path ride along in it; the
 * https attempt fails (the server speaks plain http) and the scan uses http.
 */
export async function observe(url) {
  const { host, pathname } = new URL(url);
  try {
    const result = await withoutPreloadList(() => scan(`${host}${pathname}`));
    const tests = Object.values(result.tests);
    return {
      path: pathname,
      grade: result.scan.grade,
      score: result.scan.score,
      tests_passed: result.scan.testsPassed,
      tests_quantity: result.scan.testsQuantity,
      // Each test's class carries the test's name (content-security-policy, redirection, …).
      failed: tests
        .filter((t) => !t.pass)
        .map((t) => ({
          name: t.constructor.name,
          result: t.result,
          tls_only: TLS_ONLY_TESTS.includes(t.constructor.name),
        })),
    };
  } catch (error) {
    return { path: pathname, error: error instanceof Error ? error.message : String(error) };
  }
}

// `node scripts/bench/observatory.mjs http://127.0.0.1:4321/ …` prints the result for any running server.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  for (const url of process.argv.slice(2)) console.log(JSON.stringify(await observe(url), null, 2));
}
