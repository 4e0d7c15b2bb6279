// Resend's webhook format: the Svix signature check (forged, stale, missing,
// rotated secrets) and the mapping of its events to delivery events.
import { describe, expect, it } from 'vitest';
import { resendEvents, svixSignature, verifySvix } from '../../../../functions/src/mail/providers/resend';

const SECRET = `whsec_${Buffer.from('a-test-signing-secret').toString('base64')}`;
const NOW = 1_800_000_000_000;

function request(body: string, headers: Record<string, string>) {
  return { header: (name: string) => headers[name], rawBody: Buffer.from(body) };
}
function signed(body: string, at = NOW, secret = SECRET) {
  const timestamp = String(Math.floor(at / 1000));
  return request(body, {
    'svix-id': 'msg_1',
    'svix-timestamp': timestamp,
    'svix-signature': svixSignature(secret, 'msg_1', timestamp, body),
  });
}

describe('verifySvix', () => {
  const body = JSON.stringify({ type: 'email.delivered' });

  it('accepts a request signed with the secret within five minutes', () => {
    expect(verifySvix(signed(body), SECRET, NOW)).toBeNull();
    expect(verifySvix(signed(body, NOW - 4 * 60_000), SECRET, NOW)).toBeNull();
  });

  it('refuses another secret, a changed body, a stale or future timestamp and missing headers', () => {
    const other = `whsec_${Buffer.from('another-secret').toString('base64')}`;
    expect(verifySvix(signed(body, NOW, other), SECRET, NOW)).toBe('forged');
    const tampered = signed(body);
    expect(verifySvix({ ...tampered, rawBody: Buffer.from(`${body} `) }, SECRET, NOW)).toBe('forged');
    expect(verifySvix(signed(body, NOW - 6 * 60_000), SECRET, NOW)).toBe('stale');
    expect(verifySvix(signed(body, NOW + 6 * 60_000), SECRET, NOW)).toBe('stale');
    expect(verifySvix(request(body, {}), SECRET, NOW)).toBe('missing');
  });

  it('accepts any one of several signatures (a secret being rotated)', () => {
    const good = signed(body);
    const both = `v1,AAAA ${good.header('svix-signature')}`;
    expect(verifySvix(request(body, { ...headersOf(good), 'svix-signature': both }), SECRET, NOW)).toBeNull();
  });
});

function headersOf(req: ReturnType<typeof signed>) {
  return Object.fromEntries(
    ['svix-id', 'svix-timestamp', 'svix-signature'].map((name) => [name, req.header(name)!]),
  );
}

describe('resendEvents', () => {
  const at = '2026-12-01T10:00:00.000Z';
  const payload = (type: string, data: Record<string, unknown> = {}) => ({
    type,
    created_at: at,
    data: { email_id: 'e1', to: ['Reader@Example.com'], ...data },
  });

  it('maps delivered, permanent and transient bounces and complaints', () => {
    expect(resendEvents('m', payload('email.delivered'))).toEqual([
      { id: 'm', kind: 'delivered', address: 'Reader@Example.com', at: Date.parse(at), batch: null },
    ]);
    expect(resendEvents('m', payload('email.bounced', { bounce: { type: 'Permanent' } }))[0]?.kind).toBe(
      'hard-bounce',
    );
    expect(resendEvents('m', payload('email.bounced', { bounce: { type: 'Transient' } }))[0]?.kind).toBe(
      'soft-bounce',
    );
    expect(resendEvents('m', payload('email.complained'))[0]?.kind).toBe('complaint');
  });

  it('reads the batch tags and gives each recipient its own event id', () => {
    const events = resendEvents(
      'm',
      payload('email.delivered', {
        to: ['a@x.test', 'b@x.test'],
        tags: { batch_kind: 'newsletter', batch_id: 'n1' },
      }),
    );
    expect(events.map((e) => [e.id, e.batch])).toEqual([
      ['m.0', { kind: 'newsletter', id: 'n1' }],
      ['m.1', { kind: 'newsletter', id: 'n1' }],
    ]);
  });

  it('gives nothing for types it does not follow and for malformed payloads', () => {
    expect(resendEvents('m', payload('email.opened'))).toEqual([]);
    expect(resendEvents('m', null)).toEqual([]);
    expect(resendEvents('m', { type: 'email.bounced' })).toEqual([]);
  });
});
