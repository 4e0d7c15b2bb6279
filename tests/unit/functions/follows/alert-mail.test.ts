import { describe, expect, it } from 'vitest';
import {
  SWITCH_TO_DIGEST_LABEL,
  digestMail,
  outNowAlertMail,
  preorderAlertMail,
  releaseAlertMail,
  updateMail,
  type MailUpdate,
} from '../../../../functions/src/follows/alert-mail.ts';
import { verifyFor } from '../../../../functions/src/mail/unsubscribe-token.ts';

process.env.NEWSLETTER_SIGNING_SECRET ??= 'unit-test-signing-secret-0123456789';

const BRAND = { title: 'Book "Club"', logoUrl: null, siteUrl: 'https://site.example' };
const BOOK = {
  id: 'b1',
  title: 'The <Night> Garden',
  description: `${'word '.repeat(80)}<script>x</script>`,
  cover_image: '/media/u/book-covers/c1/w320.webp',
  author: { display_name: 'Ann & Co' },
};

describe('the new-book alert', () => {
  it('shows the cover, escaped title and shortened description, links the book, and comes from the site', () => {
    const mail = releaseAlertMail(BRAND, BOOK, 'reader@example.com', 'ann__m_bob');
    expect(mail.from).toBe('"Book \\"Club\\"" <no-reply@shelfmark.test>');
    expect(mail.subject).toBe('New from Ann & Co: The <Night> Garden');
    expect(mail.html).toContain('src="https://site.example/media/u/book-covers/c1/w320.webp"');
    expect(mail.html).toContain('The &lt;Night&gt; Garden');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://site.example/book/b1"');
    expect(mail.text).toContain('https://site.example/book/b1');
    // bookMetaDescription: at most 300 characters.
    expect(mail.text).toContain('word word');
    expect(mail.text).not.toContain('</script>');
  });

  it("shows no cover from outside the site's media store: an author's address would track who opened the mail", () => {
    for (const cover of [
      'https://tracker.example/pixel.gif?f=reader',
      'http://site.example/media/u/c.webp',
      '//tracker.example/p.gif',
      '/media/../api/x',
      'data:image/gif;base64,R0lGOD',
    ]) {
      const mail = releaseAlertMail(
        BRAND,
        { ...BOOK, cover_image: cover },
        'reader@example.com',
        'ann__m_bob',
      );
      expect(mail.html, cover).not.toContain('<img');
      const digest = digestMail(BRAND, [{ ...BOOK, cover_image: cover }], 'reader@example.com', 'd1');
      expect(digest.html, cover).not.toContain('<img');
    }
  });

  it('carries the RFC 8058 headers and a visible link signed for this follow only', () => {
    const mail = releaseAlertMail(BRAND, BOOK, 'reader@example.com', 'ann__m_bob');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(mail.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '');
    expect(link.searchParams.get('k')).toBe('follow');
    expect(link.searchParams.get('id')).toBe('ann__m_bob');
    const signature = link.searchParams.get('s') ?? '';
    expect(verifyFor('follow', 'ann__m_bob', signature)).toBe(true);
    expect(verifyFor('follow', 'ann__m_eve', signature)).toBe(false);
    expect(verifyFor('digest', 'ann__m_bob', signature)).toBe(false);
    expect(mail.html).toContain(link.href.replaceAll('&', '&amp;'));
  });
});

describe('the weekly digest', () => {
  it('lists every book with its link and carries the digest’s own unsubscribe', () => {
    const mail = digestMail(
      BRAND,
      [BOOK, { ...BOOK, id: 'b2', title: 'Second' }],
      'r@example.com',
      'm_bob_2026-W48',
    );
    expect(mail.text).toContain('https://site.example/book/b1');
    expect(mail.text).toContain('https://site.example/book/b2');
    expect(mail.text).toContain('2 new books this week');
    const link = new URL(mail.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '');
    expect(link.searchParams.get('k')).toBe('digest');
    expect(verifyFor('digest', 'm_bob_2026-W48', link.searchParams.get('s') ?? '')).toBe(true);
  });
});

describe('the preorder and out-now alerts', () => {
  it('a preorder says when it comes out and that it can be preordered now', () => {
    const mail = preorderAlertMail(
      BRAND,
      { ...BOOK, publication_date: '2027-03-18' },
      'reader@example.com',
      'ann__m_bob',
    );
    expect(mail.subject).toBe('The <Night> Garden by Ann & Co is coming on 18 March 2027: preorder now');
    expect(mail.text).toContain(
      'Ann & Co has a new book coming on 18 March 2027, and you can preorder it now.',
    );
    expect(mail.html).toContain('Ann &amp; Co has a new book coming on 18 March 2027');
    expect(mail.html).toContain('href="https://site.example/book/b1"');
    expect(mail.messageId).toBe('<preorder.b1.ann__m_bob@site.example>');
  });

  it('out now says the book is out, with its own Message-ID (not the preorder’s)', () => {
    const mail = outNowAlertMail(BRAND, BOOK, 'reader@example.com', 'ann__m_bob');
    expect(mail.subject).toBe('The <Night> Garden by Ann & Co is out now');
    expect(mail.text).toContain('https://site.example/book/b1');
    expect(mail.messageId).toBe('<outnow.b1.ann__m_bob@site.example>');
    expect(mail.messageId).not.toBe(releaseAlertMail(BRAND, BOOK, 'r@example.com', 'ann__m_bob').messageId);
  });

  it('both carry the RFC 8058 headers signed for this follow', () => {
    for (const mail of [
      preorderAlertMail(BRAND, { ...BOOK, publication_date: '2027-03-18' }, 'r@example.com', 'ann__m_bob'),
      outNowAlertMail(BRAND, BOOK, 'r@example.com', 'ann__m_bob'),
    ]) {
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const link = new URL(mail.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '');
      expect(verifyFor('follow', 'ann__m_bob', link.searchParams.get('s') ?? '')).toBe(true);
      expect(mail.text).toContain('Unfollow Ann & Co');
    }
  });
});

describe('the weekly digest’s backlist', () => {
  const OLD = { ...BOOK, id: 'old1', title: 'An Older <Book>' };

  it('lists older books after the new ones under "Also new on <site>"', () => {
    const mail = digestMail(BRAND, [BOOK], 'r@example.com', 'm_bob_2026-W48', [OLD]);
    const text = mail.text;
    expect(text.indexOf('https://site.example/book/b1')).toBeLessThan(
      text.indexOf('Also new on Book "Club":'),
    );
    expect(text.indexOf('Also new on Book "Club":')).toBeLessThan(
      text.indexOf('https://site.example/book/old1'),
    );
    expect(mail.html).toContain('Also new on Book &quot;Club&quot;</h2>');
    expect(mail.html).toContain('An Older &lt;Book&gt;');
    expect(text).toContain('An author you follow has a new book this week.');
  });

  it('with only older books, says they were added, and shows no empty heading without any', () => {
    const only = digestMail(BRAND, [], 'r@example.com', 'd1', [OLD, { ...OLD, id: 'old2' }]);
    expect(only.text).toContain('Authors you follow have added 2 books to Book "Club" this week.');
    expect(only.text).toContain('https://site.example/book/old2');
    expect(digestMail(BRAND, [], 'r@example.com', 'd1', [OLD]).text).toContain('have added a book to');
    const none = digestMail(BRAND, [BOOK], 'r@example.com', 'd1');
    expect(none.text).not.toContain('Also new on');
    expect(none.html).not.toContain('Also new on');
  });
});

const UPDATE: MailUpdate = {
  id: 'u1',
  title: 'Sequel <news>',
  body: 'The **second** book is done.\n\n- cover\n- edits <script>x</script>',
  authorName: 'Ann & Co',
  authorSlug: 'ann-co',
  book: { id: 'b1', title: 'The <Night> Garden' },
};

/** The link in a mail's text whose line starts with `label`. */
const linkAfter = (text: string, label: string) =>
  new URL(new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? 'http://missing');

describe('an update to an instant follower', () => {
  it('shows the whole update as safe HTML, links it on the profile and the book it is about', () => {
    const mail = updateMail(BRAND, UPDATE, 'reader@example.com', 'ann__m_bob');
    expect(mail.subject).toBe('Ann & Co: Sequel <news>');
    expect(mail.html).toContain('<strong>second</strong>');
    expect(mail.html).toContain('Sequel &lt;news&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://site.example/profile/ann-co#update-u1"');
    expect(mail.html).toContain('About: <a href="https://site.example/book/b1"');
    expect(mail.text).toContain('The second book is done.');
    expect(mail.text).toContain('- cover');
    expect(mail.text).toContain('About: The <Night> Garden: https://site.example/book/b1');
    expect(mail.messageId).toBe('<update.u1.ann__m_bob@site.example>');
  });

  it('has one-click unsubscribe for this follow and a switch to the digest signed apart', () => {
    const mail = updateMail(BRAND, UPDATE, 'reader@example.com', 'ann__m_bob');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unfollow = new URL(mail.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '');
    expect(unfollow.searchParams.get('k')).toBe('follow');
    const weekly = linkAfter(mail.text, SWITCH_TO_DIGEST_LABEL);
    expect(weekly.searchParams.get('k')).toBe('weekly');
    expect(weekly.searchParams.get('id')).toBe('ann__m_bob');
    const signature = weekly.searchParams.get('s') ?? '';
    expect(verifyFor('weekly', 'ann__m_bob', signature)).toBe(true);
    // Neither link's signature passes for the other.
    expect(verifyFor('follow', 'ann__m_bob', signature)).toBe(false);
    expect(verifyFor('weekly', 'ann__m_bob', unfollow.searchParams.get('s') ?? '')).toBe(false);
    expect(mail.html).toContain(SWITCH_TO_DIGEST_LABEL);
  });
});

describe('the switch to the digest in book alerts', () => {
  it('is in the instant alerts, and in out-now only for an instant follower', () => {
    expect(releaseAlertMail(BRAND, BOOK, 'r@example.com', 'f1').text).toContain(SWITCH_TO_DIGEST_LABEL);
    const preorder = { ...BOOK, publication_date: '2031-03-14' };
    expect(preorderAlertMail(BRAND, preorder, 'r@example.com', 'f1').text).toContain(SWITCH_TO_DIGEST_LABEL);
    expect(outNowAlertMail(BRAND, BOOK, 'r@example.com', 'f1', 'instant').text).toContain(
      SWITCH_TO_DIGEST_LABEL,
    );
    expect(outNowAlertMail(BRAND, BOOK, 'r@example.com', 'f1', 'weekly').text).not.toContain(
      SWITCH_TO_DIGEST_LABEL,
    );
    expect(digestMail(BRAND, [BOOK], 'r@example.com', 'd1').text).not.toContain(SWITCH_TO_DIGEST_LABEL);
  });
});

describe('the weekly digest’s updates', () => {
  const long = { ...UPDATE, id: 'u2', body: 'Many words here. '.repeat(40) };

  it('lists updates shortened under their heading, after the books', () => {
    const mail = digestMail(BRAND, [BOOK], 'r@example.com', 'd1', [], [UPDATE, long]);
    expect(mail.subject).toBe('This week\'s new books from authors you follow on Book "Club"');
    expect(mail.text).toContain('An author you follow has a new book this week. They also wrote 2 updates.');
    const text = mail.text;
    expect(text.indexOf('The <Night> Garden, by')).toBeLessThan(
      text.indexOf('Updates from authors you follow:'),
    );
    expect(text).toContain('Sequel <news>, from Ann & Co: https://site.example/profile/ann-co#update-u1');
    expect(text).toMatch(/Many words here\.[^\n]*…/);
    expect(text.length).toBeLessThan(3000);
    expect(mail.html).toContain(
      '<h2 style="margin:24px 0 12px;font-size:18px">Updates from authors you follow</h2>',
    );
    expect(mail.html).not.toContain('<strong>');
  });

  it('with only updates, says so in its subject and opening', () => {
    const mail = digestMail(BRAND, [], 'r@example.com', 'd1', [], [UPDATE]);
    expect(mail.subject).toBe('This week\'s updates from authors you follow on Book "Club"');
    expect(mail.text).toContain('Authors you follow have written an update this week.');
    expect(digestMail(BRAND, [BOOK], 'r@example.com', 'd1').html).not.toContain('Updates from authors');
  });
});
