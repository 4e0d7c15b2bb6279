// The pure parts of sign-up and approval emails, without the emulators.
import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from '../../../src/domain/accounts/signup';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { profileWriteSchema } from '../../../src/domain/accounts/profile';
import { startingProfile } from '../../../functions/src/accounts/sign-up';
import { wantedFields } from '../../../functions/src/members/profile-directory-fields';
import { sameDirectoryFields } from '../../../src/domain/accounts/directory';
import { planUserQuery } from '../../../src/domain/admin/admin-users';
import { baseSlug, randomCandidate, sequentialCandidates } from '../../../functions/src/accounts/page-slug';
import { throttleKey } from '../../../functions/src/accounts/throttle';
import { clientAddress, EMULATOR_CLIENT_ADDRESS } from '../../../functions/src/shared/client-address';
import { decisionToAnnounce } from '../../../functions/src/accounts/approval-email';
import { approvedEmail, deniedEmail, verificationEmail } from '../../../functions/src/mail/templates';
import { escapeHtml } from '../../../src/domain/shared/escape';

const valid = {
  email: 'jane@example.com',
  password: 'secret',
  display_name: 'Jane Doe',
  category: 'Book Author',
};

describe('signupRequestSchema', () => {
  it('accepts a valid request and trims email and name', () => {
    expect(
      signupRequestSchema.parse({ ...valid, email: ' jane@example.com ', display_name: ' Jane Doe ' }),
    ).toEqual(valid);
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(signupRequestSchema.safeParse({ ...valid, password: '123456' }).success).toBe(true);
  });

  it.each([
    [{ password: '12345' }, 'Password must be at least 6 characters long.'],
    [{ email: 'jane' }, 'Please enter a valid email address.'],
    [{ email: undefined }, 'Email is required.'],
    [{ display_name: '' }, 'Display name is required.'],
    [{ category: 'Admin' }, 'Please choose a role: Book Author, Book Lover/Marketer or Publisher.'],
  ])('refuses %j with a message for the form', (change, message) => {
    const result = signupRequestSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(firstErrorMessage(result.error!)).toBe(message);
  });

  it('refuses keys the form does not send, so no starting value can be chosen', () => {
    expect(signupRequestSchema.safeParse({ ...valid, approval_status: 'approved' }).success).toBe(false);
    expect(signupRequestSchema.safeParse({ ...valid, role: 'Admin' }).success).toBe(false);
  });
});

describe('startingProfile', () => {
  it('is a valid pending, free, active User profile with the chosen category', () => {
    const profile = startingProfile(
      'uid-1',
      signupRequestSchema.parse(valid),
      'jane-doe',
      new Date('2025-01-01T00:00:00Z'),
    );
    expect(profileWriteSchema.safeParse(profile).success).toBe(true);
    expect(profile).toMatchObject({
      role: 'User',
      category: 'Book Author',
      approval_status: 'pending',
      subscription_status: 'free',
      is_active: true,
      book_count: 0,
    });
  });

  it('already carries the search fields the directory trigger derives, so a newcomer is findable at once', () => {
    const profile = startingProfile(
      'uid-1',
      signupRequestSchema.parse({ ...valid, display_name: 'Quentin Newcomer', category: 'Publisher' }),
      'quentin-newcomer',
      new Date('2025-01-01T00:00:00Z'),
    );
    expect(sameDirectoryFields(profile, wantedFields(profile))).toBe(true);
    const [keyword] = planUserQuery('newcomer', {}).filters;
    expect(keyword?.field).toBe('search_keywords');
    expect(profile.search_keywords).toContain(keyword?.value);
  });
});

describe('baseSlug', () => {
  it('follows the sign-up slug rule', () => {
    expect(baseSlug('Jane Doe')).toBe('jane-doe');
    expect(baseSlug('José  O’Brien')).toBe('jose-obrien');
  });

  it("falls back to 'member' and leaves room for a suffix", () => {
    expect(baseSlug('🙂')).toBe('member');
    expect(baseSlug('Иван Петров')).toBe('member');
    expect(baseSlug('  -- ')).toBe('member');
    expect(baseSlug('ﬃ'.repeat(80)).length).toBeLessThanOrEqual(90);
  });
});

describe('decisionToAnnounce', () => {
  it('announces a change to approved or denied', () => {
    expect(decisionToAnnounce('pending', 'approved')).toBe('approved');
    expect(decisionToAnnounce('pending', 'denied')).toBe('denied');
    expect(decisionToAnnounce('denied', 'approved')).toBe('approved');
  });

  it('announces nothing when the status stays or returns to pending', () => {
    expect(decisionToAnnounce('approved', 'approved')).toBeUndefined();
    expect(decisionToAnnounce('approved', 'pending')).toBeUndefined();
    expect(decisionToAnnounce(undefined, undefined)).toBeUndefined();
  });
});

describe('email templates', () => {
  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
  });

  it('escapes a display name in the HTML and never writes markup from one', () => {
    const mails = [
      verificationEmail('Tom & Jerry', 'https://x.test/?a=1&b=2'),
      approvedEmail('Tom & Jerry', 'https://x.test/auth'),
      deniedEmail('Tom & Jerry'),
    ];
    for (const mail of mails) {
      expect(mail.html).toContain('Hello Tom &amp; Jerry,');
      expect(mail.text).toContain('Hello Tom & Jerry,');
    }
    // Markup is not a name (the display-name rules refuse it): the greeting is neutral.
    for (const mail of [
      verificationEmail('<b>Eve</b>', 'https://x.test/'),
      approvedEmail('<b>Eve</b>', 'https://x.test/auth'),
      deniedEmail('<b>Eve</b>'),
    ]) {
      expect(mail.html).not.toContain('Eve');
      expect(mail.text).toContain('Hello there,');
    }
  });

  it('puts the verification link in both bodies', () => {
    const mail = verificationEmail('Jane', 'https://x.test/action?oobCode=abc&mode=verifyEmail');
    expect(mail.text).toContain('https://x.test/action?oobCode=abc&mode=verifyEmail');
    expect(mail.html).toContain('href="https://x.test/action?oobCode=abc&amp;mode=verifyEmail"');
  });
});

describe('clientAddress', () => {
  it('takes the last X-Forwarded-For entry when deployed: the one the platform adds, which a caller cannot forge', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': '203.0.113.9' } }, false)).toBe('203.0.113.9');
    expect(clientAddress({ headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' } }, false)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress({ headers: { 'x-forwarded-for': ['1.2.3.4', '203.0.113.9'] } }, false)).toBe(
      '203.0.113.9',
    );
  });

  it('counts a deployed IPv6 caller by its /64, so rotating addresses inside it is one caller', () => {
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6:a:b:c:d'])
      expect(clientAddress({ headers: { 'x-forwarded-for': `1.2.3.4, ${address}` } }, false)).toBe(
        '2001:db8:5:6::/64',
      );
  });

  it("gives one shared 'unknown' to a deployed request without the header", () => {
    expect(clientAddress({ headers: {} }, false)).toBe('unknown');
    expect(clientAddress({ headers: { 'x-forwarded-for': ' ' } }, false)).toBe('unknown');
  });

  it('gives every caller on the emulator the one local address, whatever headers they send', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': '203.0.113.9' } }, true)).toBe(
      EMULATOR_CLIENT_ADDRESS,
    );
    expect(clientAddress({ headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.7' } }, true)).toBe(
      EMULATOR_CLIENT_ADDRESS,
    );
    expect(clientAddress({ headers: {} }, true)).toBe(EMULATOR_CLIENT_ADDRESS);
  });
});

describe('throttleKey', () => {
  it('is stable per subject and holds no address', () => {
    const key = throttleKey({ kind: 'signup-email', value: 'jane@example.com' });
    expect(key).toBe(throttleKey({ kind: 'signup-email', value: 'jane@example.com' }));
    expect(key).not.toContain('jane');
    expect(key).not.toBe(throttleKey({ kind: 'signup-ip', value: 'jane@example.com' }));
  });
});

describe('slug candidates', () => {
  it('tries base, base-2 … base-10 first', () => {
    expect(sequentialCandidates('jane-doe', 4)).toEqual([
      'jane-doe',
      'jane-doe-2',
      'jane-doe-3',
      'jane-doe-4',
    ]);
    expect(sequentialCandidates('member')).toHaveLength(10);
  });

  it('then base-xxxxx with a short a–z0–9 suffix that fits the slug rules', () => {
    expect(randomCandidate('member')).toMatch(/^member-[a-z0-9]{5}$/);
    expect(randomCandidate('member', () => 0)).toBe('member-aaaaa');
    expect(randomCandidate('member', () => 0.9999)).toBe('member-99999');
  });
});
