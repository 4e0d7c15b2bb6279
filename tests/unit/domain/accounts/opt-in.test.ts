import { describe, expect, it } from 'vitest';
import {
  OPT_IN_BAD_REQUEST_MESSAGE,
  OPT_IN_EMAIL_MESSAGE,
  OPT_IN_LIMITS_PER_CLIENT,
  OPT_IN_LIMITS_PER_EMAIL,
  OPT_IN_TOKEN_TTL_MS,
  optInErrorMessage,
  optInRequestFromForm,
  optInRequestSchema,
  tokenExpiry,
  tokenState,
  type OptInConfirmation,
} from '../../../../src/domain/accounts/opt-in.ts';
import { decideAttempt } from '../../../../src/domain/shared/throttle.ts';
import { mailboxKey } from '../../../../src/domain/shared/mailbox.ts';
import { subscribersCsv } from '../../../../src/domain/editorial/newsletter-subscriber.ts';

const HOUR = 60 * 60 * 1000;

describe('an opt-in request', () => {
  it('takes a newsletter or a follow of one author, with the address normalized', () => {
    expect(optInRequestSchema.parse({ email: ' Ann@Example.ORG ', purpose: { kind: 'newsletter' } })).toEqual(
      {
        email: 'ann@example.org',
        purpose: { kind: 'newsletter' },
      },
    );
    expect(
      optInRequestSchema.parse({
        email: 'ann@example.org',
        purpose: { kind: 'follow', authorUid: 'author_1' },
      }).purpose,
    ).toEqual({ kind: 'follow', authorUid: 'author_1' });
  });

  it('refuses a bad address with the field message, and anything else as a stale form', () => {
    const badEmail = optInRequestSchema.safeParse({
      email: 'not an address',
      purpose: { kind: 'newsletter' },
    });
    expect(badEmail.success).toBe(false);
    expect(optInErrorMessage(badEmail.error!)).toBe(OPT_IN_EMAIL_MESSAGE);
    for (const purpose of [
      { kind: 'follow' },
      { kind: 'follow', authorUid: '../profiles/x' },
      { kind: 'admin' },
      { kind: 'newsletter', extra: true },
    ]) {
      const parsed = optInRequestSchema.safeParse({ email: 'ann@example.org', purpose });
      expect(parsed.success, JSON.stringify(purpose)).toBe(false);
      expect(optInErrorMessage(parsed.error!)).toBe(OPT_IN_BAD_REQUEST_MESSAGE);
    }
  });

  it('is read from the flat fields a form without JavaScript posts', () => {
    expect(optInRequestFromForm({ email: 'a@b.org', kind: 'follow', authorUid: 'u1' })).toEqual({
      email: 'a@b.org',
      purpose: { kind: 'follow', authorUid: 'u1' },
    });
    expect(optInRequestFromForm({ email: 'a@b.org', kind: 'newsletter', authorUid: 'u1' })).toEqual({
      email: 'a@b.org',
      purpose: { kind: 'newsletter' },
    });
  });
});

describe('a confirmation token', () => {
  const created = new Date('2026-11-01T10:00:00Z');
  const confirmation = (over: Partial<OptInConfirmation> = {}): OptInConfirmation => ({
    email: 'ann@example.org',
    purpose: { kind: 'newsletter' },
    created_at: created,
    expires_at: tokenExpiry(created),
    used_at: null,
    ...over,
  });

  it('works for 48 hours, then is expired', () => {
    expect(OPT_IN_TOKEN_TTL_MS).toBe(48 * HOUR);
    expect(tokenState(confirmation(), new Date(created.getTime() + 48 * HOUR - 1))).toBe('valid');
    expect(tokenState(confirmation(), new Date(created.getTime() + 48 * HOUR))).toBe('expired');
  });

  it('works once: a used token is used, even before it expires', () => {
    expect(tokenState(confirmation({ used_at: created }), created)).toBe('used');
  });

  it('is unknown when nothing is stored for it', () => {
    expect(tokenState(null, created)).toBe('unknown');
  });
});

describe('the opt-in rate limits', () => {
  const now = 1_000 * HOUR;
  const attempts = (n: number, spacingMs: number) =>
    Array.from({ length: n }, (_, i) => now - (i + 1) * spacingMs);

  it('let one address ask three times an hour and five times a day', () => {
    expect(decideAttempt(attempts(2, 60_000), now, OPT_IN_LIMITS_PER_EMAIL).allowed).toBe(true);
    expect(decideAttempt(attempts(3, 60_000), now, OPT_IN_LIMITS_PER_EMAIL).allowed).toBe(false);
    expect(decideAttempt(attempts(4, 2 * HOUR), now, OPT_IN_LIMITS_PER_EMAIL).allowed).toBe(true);
    expect(decideAttempt(attempts(5, 2 * HOUR), now, OPT_IN_LIMITS_PER_EMAIL).allowed).toBe(false);
  });

  it('let one client ask ten times an hour, whatever the addresses', () => {
    expect(decideAttempt(attempts(9, 60_000), now, OPT_IN_LIMITS_PER_CLIENT).allowed).toBe(true);
    expect(decideAttempt(attempts(10, 60_000), now, OPT_IN_LIMITS_PER_CLIENT).allowed).toBe(false);
  });
});

describe('mailboxKey', () => {
  it('counts plus-tagged addresses of one mailbox as that mailbox, on every domain', () => {
    expect(mailboxKey('reader+1@example.org')).toBe('reader@example.org');
    expect(mailboxKey('Reader+News+More@Example.ORG')).toBe('reader@example.org');
    expect(mailboxKey('reader+2@mail.example.net')).toBe('reader@mail.example.net');
    expect(mailboxKey(' reader@example.org ')).toBe('reader@example.org');
  });

  it('keeps addresses without a tag, and a plus that is not a tag, as they are', () => {
    expect(mailboxKey('other.reader@example.org')).toBe('other.reader@example.org');
    expect(mailboxKey('+only@example.org')).toBe('+only@example.org');
    expect(mailboxKey('odd@pl+us.example')).toBe('odd@pl+us.example');
    expect(mailboxKey('reader+1@example.org')).not.toBe(mailboxKey('reader@example.net'));
  });
});

describe('the subscribers CSV', () => {
  it('lists addresses oldest first and defuses formula cells', () => {
    expect(
      subscribersCsv([
        { email: 'b@x.org', confirmed_at: new Date('2026-11-02T00:00:00Z') },
        { email: '=cmd@x.org', confirmed_at: new Date('2026-11-01T00:00:00Z') },
      ]),
    ).toBe(
      "email,confirmed_at\r\n'=cmd@x.org,2026-11-01T00:00:00.000Z\r\nb@x.org,2026-11-02T00:00:00.000Z\r\n",
    );
  });
});
