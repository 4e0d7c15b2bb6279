// The error tracker: with no DSN nothing is loaded or sent; with one, a reported error
// reaches the tracker's envelope endpoint (a local stand-in speaking Sentry's ingest
// API here) with its message and context, and nothing of the request around it.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportError, trackerLoaded } from '../../../../../src/data/server/shared/error-tracker.ts';

interface Received {
  path: string;
  body: string;
}

const received: Received[] = [];
const server = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
    received.push({ path: req.url ?? '', body: body.toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(() => new Promise<void>((done) => server.listen(0, '127.0.0.1', done)));
afterAll(() => new Promise<void>((done) => server.close(() => done())));
afterEach(() => {
  delete process.env.SENTRY_DSN;
  received.length = 0;
});

describe('reportError', () => {
  it('loads nothing and sends nothing when no tracker is configured', async () => {
    delete process.env.SENTRY_DSN;
    await reportError(new Error('nobody hears this'));
    expect(trackerLoaded()).toBe(false);
    expect(received).toEqual([]);
  });

  it('sends the error and its context to the configured tracker', async () => {
    const { port } = server.address() as AddressInfo;
    process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${port}/42`;
    await reportError(new Error('the newsletter batch broke'), { kind: 'newsletter-batch' });
    expect(trackerLoaded()).toBe(true);
    const envelope = received.find((r) => r.path.startsWith('/api/42/envelope/'));
    expect(envelope?.body).toContain('the newsletter batch broke');
    expect(envelope?.body).toContain('newsletter-batch');
  });
});
