// POST /api/report with Auth and the store replaced by
// fakes: its checks in order, who it reports as, and its answers (JSON for the
// island, a redirect to /report for a form). tests/functions/reports/reports.test.ts runs
// the store (limits, one open report per reporter) against the emulator.
import type { APIContext } from 'astro';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reporter, ReportRequest } from '../../../../src/domain/reports/report.ts';
import { browserPost } from '../../../shared/site-requests.ts';

const calls: { request: ReportRequest; reporter: Reporter; clientAddress: string }[] = [];
let outcome: 'sent' | 'already' | 'unavailable' | 'tooMany' = 'sent';

vi.mock('../../../../src/data/server/accounts/auth.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/data/server/accounts/auth.ts')>();
  return {
    bearerToken: original.bearerToken,
    verifyCaller: async (token: string) =>
      token === 'token-member' ? { uid: 'member-uid', admin: false, emailVerified: true } : null,
  };
});
vi.mock('../../../../src/data/server/shared/firestore.ts', () => ({ getDb: () => ({}) }));
vi.mock('../../../../src/data/server/reports/reports.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/data/server/reports/reports.ts')>();
  return {
    clientHash: original.clientHash,
    submitReport: async (_db: unknown, request: ReportRequest, reporter: Reporter, clientAddress: string) => {
      calls.push({ request, reporter, clientAddress });
      return outcome;
    },
  };
});

const { POST, prerender } = await import('../../../../src/pages/api/report.ts');
const { clientHash } = await import('../../../../src/data/server/reports/reports.ts');

async function post(
  body: Record<string, string>,
  {
    as = 'json',
    origin = 'http://127.0.0.1:4321',
    token,
    clientAddress = '203.0.113.9',
  }: { as?: 'json' | 'form'; origin?: string; token?: string; clientAddress?: string } = {},
): Promise<Response> {
  const url = new URL('http://127.0.0.1:4321/api/report');
  const json = as === 'json';
  const request = browserPost(url, json ? JSON.stringify(body) : new URLSearchParams(body).toString(), {
    origin,
    json,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return (await POST({ request, url, clientAddress, params: {} } as unknown as APIContext)) as Response;
}

const report = { kind: 'review', itemId: 'book-1__reviewer', reason: 'offensive', note: '<b>rude</b>' };

beforeEach(() => {
  calls.length = 0;
  outcome = 'sent';
});

describe('POST /api/report', () => {
  it('is rendered on demand', () => {
    expect(prerender).toBe(false);
  });

  it("reports as a visitor named by a hash of the client's address, asking for nothing but the reason", async () => {
    const response = await post({ kind: 'book', itemId: 'b1', reason: 'spam' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: expect.stringContaining('Your report was sent') });
    expect(calls).toEqual([
      {
        request: { kind: 'book', itemId: 'b1', reason: 'spam', note: '' },
        reporter: { kind: 'visitor', client_hash: clientHash('203.0.113.9') },
        clientAddress: '203.0.113.9',
      },
    ]);
    expect(calls[0]!.reporter).not.toHaveProperty('client_hash', expect.stringContaining('203.0.113.9'));
  });

  it('reports as the member whose ID token comes with it; a bad token reports as a visitor', async () => {
    await post(report, { token: 'token-member' });
    await post(report, { token: 'forged' });
    expect(calls.map((call) => call.reporter)).toEqual([
      { kind: 'member', uid: 'member-uid' },
      { kind: 'visitor', client_hash: clientHash('203.0.113.9') },
    ]);
  });

  it('stores the note as plain text (markup kept as typed, never rendered)', async () => {
    await post(report);
    expect(calls[0]!.request.note).toBe('<b>rude</b>');
  });

  it('answers a repeat with the same thanks and a client over its limit with 429', async () => {
    outcome = 'already';
    const again = await post(report);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: expect.stringContaining('already reported') });
    outcome = 'tooMany';
    const flood = await post(report);
    expect(flood.status).toBe(429);
    expect(await flood.json()).toEqual({ error: expect.stringContaining('Too many reports') });
  });

  it('refuses another site, a bad reason, a malformed body, and an unknown item', async () => {
    expect((await post(report, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ ...report, reason: 'boring' })).status).toBe(400);
    const url = new URL('http://127.0.0.1:4321/api/report');
    const broken = new Request(url, {
      method: 'POST',
      headers: { Origin: url.origin, Host: url.host, 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(
      (
        (await POST({
          request: broken,
          url,
          clientAddress: '1.2.3.4',
          params: {},
        } as unknown as APIContext)) as Response
      ).status,
    ).toBe(400);
    expect(calls).toHaveLength(0);
    outcome = 'unavailable';
    expect((await post(report)).status).toBe(404);
  });

  it('answers a form post without JavaScript with a redirect to the result page', async () => {
    const sent = await post({ kind: 'ad', itemId: 'a1', reason: 'spam', note: '' }, { as: 'form' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe('/report?result=sent');
    outcome = 'tooMany';
    const flood = await post({ kind: 'ad', itemId: 'a1', reason: 'spam' }, { as: 'form' });
    expect(flood.headers.get('Location')).toBe('/report?result=too-many');
    const bad = await post({ kind: 'ad', itemId: 'a1', reason: '' }, { as: 'form' });
    expect(bad.headers.get('Location')).toBe('/report?result=invalid');
    // A form post is never a member's: the token only comes with the island's JSON.
    expect(calls.every((call) => call.reporter.kind === 'visitor')).toBe(true);
  });
});
