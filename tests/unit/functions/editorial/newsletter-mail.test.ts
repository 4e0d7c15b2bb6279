import { beforeAll, describe, expect, it } from 'vitest';
import {
  newsletterMail,
  newsletterMessageId,
  subscriberRecipient,
  unsubscribeLink,
} from '../../../../functions/src/editorial/newsletter-mail';
import { unsubscribePage } from '../../../../functions/src/mail/unsubscribe-page';
import { signUnsubscribe, verifyUnsubscribe } from '../../../../functions/src/mail/unsubscribe-token';

beforeAll(() => {
  process.env.NEWSLETTER_SIGNING_SECRET = 'unit-test-signing-secret-0123456789';
  process.env.NEWSLETTER_UNSUBSCRIBE_URL = 'https://functions.example/newsletterUnsubscribe';
  process.env.SITE_URL = 'https://shelfmark.example';
});

const newsletter = {
  id: 'n1',
  slug: 'spring-<guide>',
  title: 'Spring <Guide> & more',
  subtitle: 'New "books"',
  content: '## Picks\n\n1. **One:** <script>x</script>',
};
const recipient = { uid: 'u1', email: 'reader@example.com', name: 'Ann <b>' };

describe('the newsletter email', () => {
  const mail = () => newsletterMail(newsletter, recipient);

  it('has a plain-text part with the words and no markup', () => {
    const { text } = mail();
    expect(text).toContain('Spring <Guide> & more');
    expect(text).toContain('Hello Ann <b>,');
    expect(text).toContain('PICKS');
    expect(text).toContain('1. One: <script>x</script>');
    expect(text).toContain('Read it online: https://shelfmark.example/newsletters/spring-<guide>');
  });

  it('has an HTML part with the branding, escaped values and the rendered content', () => {
    const { html } = mail();
    expect(html).toContain('SHELFMARK');
    expect(html).toContain('<h1 style="margin:0 0 4px;font-size:26px;">Spring &lt;Guide&gt; &amp; more</h1>');
    expect(html).toContain('Hello Ann &lt;b&gt;,');
    expect(html).toContain('<ol><li><strong>One:</strong> &lt;script&gt;x&lt;/script&gt;</li></ol>');
    expect(html).not.toMatch(/<script/);
  });

  it('opens with a "View in your browser" link to the newsletter’s public page, escaped', () => {
    const { html } = mail();
    const view = html.indexOf(
      '<a href="https://shelfmark.example/newsletters/spring-&lt;guide&gt;" style="color:#6b7280;">View in your browser</a>',
    );
    expect(view).toBeGreaterThan(-1);
    expect(view).toBeLessThan(html.indexOf('<h1'));
  });

  it('carries a one-click unsubscribe: the signed link in both parts and the List-Unsubscribe headers', () => {
    const { text, html, headers, to, subject } = mail();
    const link = unsubscribeLink('u1');
    expect(to).toBe('reader@example.com');
    expect(subject).toBe('Spring <Guide> & more');
    expect(text).toContain(link);
    expect(html).toContain(link.replace(/&/g, '&amp;'));
    expect(headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const url = new URL(link);
    expect(url.searchParams.get('u')).toBe('u1');
    expect(verifyUnsubscribe('u1', url.searchParams.get('s') ?? '')).toBe(true);
  });
});

describe("a visitor subscriber's newsletter email", () => {
  const hash = 'a'.repeat(64);
  const mail = () => newsletterMail(newsletter, subscriberRecipient('visitor@example.org', hash));

  it("carries the subscriber's own signed link, one-click headers, and says why it was sent", () => {
    const { text, headers, to } = mail();
    const link = unsubscribeLink({ kind: 'subscriber', emailHash: hash });
    expect(to).toBe('visitor@example.org');
    expect(text).toContain(
      `You receive this because you subscribed to the Shelfmark newsletters. Unsubscribe: ${link}`,
    );
    expect(headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const url = new URL(link);
    expect(url.searchParams.get('e')).toBe(hash);
    expect(url.searchParams.has('u')).toBe(false);
    expect(verifyUnsubscribe({ kind: 'subscriber', emailHash: hash }, url.searchParams.get('s') ?? '')).toBe(
      true,
    );
  });

  it("has a Message-ID of its own, apart from any member's", () => {
    expect(mail().messageId).toBe(`<newsletter.n1.subscriber-${hash}@shelfmark.example>`);
  });
});

describe('unsubscribe signatures', () => {
  it("of a subscriber verify only for that address's hash, never as a member's or another address's", () => {
    const hash = 'b'.repeat(64);
    const signature = signUnsubscribe({ kind: 'subscriber', emailHash: hash });
    expect(verifyUnsubscribe({ kind: 'subscriber', emailHash: hash }, signature)).toBe(true);
    expect(verifyUnsubscribe({ kind: 'subscriber', emailHash: 'c'.repeat(64) }, signature)).toBe(false);
    expect(verifyUnsubscribe(hash, signature)).toBe(false);
    expect(verifyUnsubscribe({ kind: 'subscriber', emailHash: hash }, signUnsubscribe(hash))).toBe(false);
    expect(
      verifyUnsubscribe(
        { kind: 'subscriber', emailHash: 'not-a-hash' },
        signUnsubscribe({ kind: 'subscriber', emailHash: 'not-a-hash' }),
      ),
    ).toBe(false);
  });

  it('verify only for the uid and key they were made with', () => {
    const signature = signUnsubscribe('u1');
    expect(verifyUnsubscribe('u1', signature)).toBe(true);
    expect(verifyUnsubscribe('u2', signature)).toBe(false);
    expect(verifyUnsubscribe('u1', `${signature}x`)).toBe(false);
    expect(verifyUnsubscribe('u1', '')).toBe(false);
    expect(verifyUnsubscribe('', signUnsubscribe(''))).toBe(false);
    expect(verifyUnsubscribe('u1', signUnsubscribe('u1', 'another-key-0123456789'))).toBe(false);
  });

  it('refuse to work without a real key', () => {
    const saved = process.env.NEWSLETTER_SIGNING_SECRET;
    process.env.NEWSLETTER_SIGNING_SECRET = 'short';
    try {
      expect(() => signUnsubscribe('u1')).toThrow(/NEWSLETTER_SIGNING_SECRET/);
    } finally {
      process.env.NEWSLETTER_SIGNING_SECRET = saved;
    }
  });

  it('pages: the confirmation posts back, the others do not', () => {
    expect(unsubscribePage('confirm')).toContain('<form method="post">');
    expect(unsubscribePage('done')).toContain('You have been unsubscribed');
    expect(unsubscribePage('done')).not.toContain('<form');
    expect(unsubscribePage('invalid')).toContain('This unsubscribe link is not valid');
    expect(unsubscribePage('done', 'subscriber')).toContain('from the newsletters page');
    expect(unsubscribePage('done', 'subscriber')).not.toContain('profile editor');
  });

  it('has one Message-ID per newsletter and member, the same on every attempt, so a mail sent again after a crash is one copy in the mailbox', () => {
    const mail = () => newsletterMail(newsletter, recipient);
    expect(mail().messageId).toBe('<newsletter.n1.u1@shelfmark.example>');
    expect(mail().messageId).toBe(mail().messageId);
    expect(newsletterMail(newsletter, { ...recipient, uid: 'u2' }).messageId).not.toBe(mail().messageId);
    expect(newsletterMessageId('a<b>', 'c d')).toBe('<newsletter.a_b_.c_d@shelfmark.example>');
  });
});
