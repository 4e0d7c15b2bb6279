// The bench's HTTP Observatory scan runs offline against a local server, even
// though the package's install step (which downloads Chromium's HSTS preload list)
// was denied, and it names the tests a page fails.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observe, TLS_ONLY_TESTS } from '../../../scripts/bench/observatory.mjs';
import { observatoryMisses } from '../../../scripts/bench/report.mjs';

interface Scan {
  path: string;
  error?: string;
  grade: string;
  score: number;
  tests_passed: number;
  failed: { name: string; result: string; tls_only: boolean }[];
}

let server: Server;
let base: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    // One of the headers the Observatory looks for, so a pass shows as well as failures.
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(
      '<!doctype html><html lang="en"><head><title>t</title></head><body><p>hello</p></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('observe (scripts/bench/observatory.mjs)', () => {
  it('scans a local page on its port and path without the HSTS preload list, naming each failed test', async () => {
    const packageDir = dirname(
      createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'),
    );
    // The list this test is about; if some install did download it, the scan still must work.
    const listPresent = existsSync(join(packageDir, 'conf', 'hsts-preload.json'));

    const scan = (await observe(`${base}/directory`)) as Scan;
    expect(scan.error, `scan error (preload list present: ${listPresent})`).toBeUndefined();
    expect(requested).toContain('/directory');
    const failed = scan.failed.map((t) => t.name);
    expect(failed).toContain('content-security-policy');
    expect(failed).toContain('x-frame-options');
    expect(failed).not.toContain('x-content-type-options');
    // Over plain http the two TLS tests cannot pass, and they are marked as such.
    for (const name of TLS_ONLY_TESTS as string[])
      expect(scan.failed.find((t) => t.name === name)?.tls_only).toBe(true);
    expect(observatoryMisses(scan)).toEqual(
      expect.arrayContaining([expect.stringContaining('content-security-policy')]),
    );
    expect(
      observatoryMisses(scan).some(
        (m: string) => m.startsWith('redirection') || m.startsWith('strict-transport-security'),
      ),
    ).toBe(false);
  }, 30_000);

  it('reports an unreachable server as a scan error instead of throwing', async () => {
    const scan = (await observe('http://127.0.0.1:9/')) as Scan;
    expect(scan.error).toBeTruthy();
    expect(observatoryMisses(scan)).toEqual([`scan failed: ${scan.error}`]);
  }, 30_000);
});
