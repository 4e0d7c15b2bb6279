/**
 * The mails a follower receives: one new book (instant alerts), one preorder
 * ("coming on <date>: preorder now"), one book out now on its publication date,
 * one update the author wrote to their followers, or the week's news (the weekly
 * digest: new books, the authors' updates, and older books newly listed under
 * "Also new on <site>"), from the site's name in the shared template
 * (mail/templates.ts), with the book's cover, title, shortened description and
 * link. Every one carries a signed unsubscribe link that works without signing
 * in (its page asks for a button press) and the RFC 8058 headers, whose
 * one-click POST is answered directly; a mail to an instant follower also links
 * to switching that follow to the weekly digest (signed the same way).
 */
import { isMediaPath } from '../../../src/domain/shared/common';
import { bookMetaDescription } from '../../../src/domain/books/book-page';
import { escapeHtml } from '../../../src/domain/shared/escape';
import { humanDate } from '../../../src/domain/books/book-details';
import type { Book } from '../../../src/domain/books/book';
import { lightMarkupSummary, lightMarkupToText } from '../../../src/domain/shared/light-markup';
import { renderUpdateBody, updatePath } from '../../../src/domain/updates/author-update-page';
import type { AuthorUpdate } from '../../../src/domain/updates/author-update';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import type { AlertMode } from '../../../src/domain/follows/follows';
import { composeMail, type MailBrand } from '../mail/templates';
import type { Mail } from '../mail/send-mail';
import { mailFromAs } from '../mail/settings';
import { emulatorFunctionUrl } from '../mail/settings';
import { signFor, type UnsubscribePurpose } from '../mail/unsubscribe-token';

/** The book as a mail shows it. */
export type AlertBook = Pick<Book, 'id' | 'title' | 'description' | 'cover_image' | 'author'> &
  Partial<Pick<Book, 'publication_date'>>;

/** The unsubscribe endpoint (the followUnsubscribe function); FOLLOW_UNSUBSCRIBE_URL overrides the emulator default. */
export function followUnsubscribeEndpoint(): string {
  return process.env.FOLLOW_UNSUBSCRIBE_URL?.trim() || emulatorFunctionUrl('followUnsubscribe');
}

/**
 * The signed link that stops one follow ('follow', a follow id), stops the
 * follows one digest covered ('digest', its id), or switches one follow to the
 * weekly digest ('weekly', a follow id).
 */
export function followUnsubscribeLink(purpose: UnsubscribePurpose, id: string): string {
  const url = new URL(followUnsubscribeEndpoint());
  url.searchParams.set('k', purpose);
  url.searchParams.set('id', id);
  url.searchParams.set('s', signFor(purpose, id));
  return url.href;
}

/** The RFC 8058 headers of a mail whose one-click unsubscribe is `link`. */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The public page of a book. */
export function bookPageUrl(brand: MailBrand, bookId: string): string {
  return `${brand.siteUrl}/book/${encodeURIComponent(bookId)}`;
}

/**
 * The cover as an absolute address a mail client can load, or null. Only a cover in
 * the site's own media store is shown: an address the author typed would load from
 * their server when the follower opens the mail, a tracking pixel that tells them who
 * read it and when.
 */
function coverUrl(brand: MailBrand, cover: string | null | undefined): string | null {
  if (!isMediaPath(cover)) return null;
  return new URL(cover, `${brand.siteUrl}/`).href;
}

const authorOf = (book: AlertBook) => book.author?.display_name || 'An author you follow';

/** The HTML of one book: cover, title (linked) and the shortened description, all escaped. */
function bookBlock(brand: MailBrand, book: AlertBook): string {
  const link = escapeHtml(bookPageUrl(brand, book.id));
  const cover = coverUrl(brand, book.cover_image);
  const image = cover
    ? `<a href="${link}"><img src="${escapeHtml(cover)}" alt="Cover of ${escapeHtml(book.title)}" width="120" style="display:block;width:120px;max-width:100%;border:1px solid #e5dccb;border-radius:4px;margin:0 0 12px"></a>`
    : '';
  return [
    '<div style="margin:0 0 24px">',
    image,
    `<p style="margin:0 0 4px;font-size:18px;font-weight:bold"><a href="${link}" style="color:#7c2d12">${escapeHtml(book.title)}</a></p>`,
    `<p style="margin:0 0 8px;color:#6b7280">by ${escapeHtml(authorOf(book))}</p>`,
    `<p style="margin:0">${escapeHtml(bookMetaDescription(book))}</p>`,
    '</div>',
  ].join('\n');
}

/** A link in a mail's footer: the unsubscribe link, the switch to the digest. */
interface FooterLink {
  url: string;
  label: string;
}

/** Puts the blocks and the footer's links into a composed mail's HTML, before the signature. */
function withBlocks(html: string, blocks: string, links: readonly FooterLink[]): string {
  const footer = links
    .map(
      (link) =>
        `<p style="margin:0 0 16px;font-size:13px;color:#6b7280"><a href="${escapeHtml(link.url)}" style="color:#6b7280">${escapeHtml(link.label)}</a></p>`,
    )
    .join('\n');
  const signatureAt = html.lastIndexOf('<p style="margin:0 0 16px">The ');
  return signatureAt < 0
    ? html
    : `${html.slice(0, signatureAt)}${blocks}\n${footer}\n${html.slice(signatureAt)}`;
}

/** An author's update as a mail shows it. */
export interface MailUpdate {
  id: string;
  title: string;
  /** The text in the site's light markup. */
  body: string;
  /** The author's name on their profile, mail-safe (mailSafeName), or '' (the mail then says "An author you follow"). */
  authorName: string;
  /** The author's page slug (the update's link is its anchor there). */
  authorSlug: string;
  /** The book it is about, or null; its title mail-safe, or '' (the mail then says "one of their books"). */
  book: { id: string; title: string } | null;
}

/** The names an update mail writes where a name was not mail-safe. */
const updateAuthorOf = (update: Pick<MailUpdate, 'authorName'>) =>
  update.authorName || 'An author you follow';
const updateBookTitleOf = (book: { title: string }) => book.title || 'one of their books';

/**
 * An update as a mail shows it: the author's name and the book's title only
 * when mail-safe (else the mail says "An author you follow", and the book by
 * its link alone).
 */
export function mailUpdateOf(
  update: Pick<AuthorUpdate, 'id' | 'title' | 'body' | 'book'>,
  author: { name: unknown; slug: string },
): MailUpdate {
  return {
    id: update.id,
    title: update.title,
    body: update.body,
    authorName: mailSafeName(author.name) ?? '',
    authorSlug: author.slug,
    book: update.book ? { id: update.book.id, title: mailSafeName(update.book.title) ?? '' } : null,
  };
}

/** The update on its author's profile page, as an absolute address. */
export function updateUrl(brand: MailBrand, update: Pick<MailUpdate, 'id' | 'authorSlug'>): string {
  return `${brand.siteUrl}${updatePath(update.authorSlug, update.id)}`;
}

/** How long an update's text is in the digest (the full text is a click away). */
const DIGEST_UPDATE_CHARS = 280;

/**
 * One update in the HTML: its title (linked to it on the profile), its author,
 * its text (in full in its own mail, as safe HTML; shortened in the digest) and
 * the book it is about.
 */
function updateBlock(brand: MailBrand, update: MailUpdate, full: boolean): string {
  const link = escapeHtml(updateUrl(brand, update));
  const text = full
    ? renderUpdateBody(update.body)
    : `<p style="margin:0">${escapeHtml(lightMarkupSummary(update.body, 'blog', DIGEST_UPDATE_CHARS))}</p>`;
  const about = update.book
    ? `<p style="margin:8px 0 0;color:#6b7280">About: <a href="${escapeHtml(bookPageUrl(brand, update.book.id))}" style="color:#7c2d12">${escapeHtml(updateBookTitleOf(update.book))}</a></p>`
    : '';
  return [
    '<div style="margin:0 0 24px">',
    `<p style="margin:0 0 4px;font-size:18px;font-weight:bold"><a href="${link}" style="color:#7c2d12">${escapeHtml(update.title)}</a></p>`,
    `<p style="margin:0 0 8px;color:#6b7280">from ${escapeHtml(updateAuthorOf(update))}</p>`,
    text,
    about,
    '</div>',
  ].join('\n');
}

/** One update in the text part. */
function updateLines(brand: MailBrand, update: MailUpdate, full: boolean): string[] {
  return [
    `${update.title}, from ${updateAuthorOf(update)}: ${updateUrl(brand, update)}`,
    full
      ? lightMarkupToText(update.body, 'blog')
      : lightMarkupSummary(update.body, 'blog', DIGEST_UPDATE_CHARS),
    ...(update.book
      ? [`About: ${updateBookTitleOf(update.book)}: ${bookPageUrl(brand, update.book.id)}`]
      : []),
  ];
}

/** What one alert or digest says, before it is addressed. */
interface AlertContent {
  subject: string;
  /** The opening line. */
  intro: string;
  /** The books, in the order shown. */
  books: readonly AlertBook[];
  /** Authors' updates, after the books: in full (an update's own mail) or shortened (the digest). */
  updates?: { heading?: string; items: readonly MailUpdate[]; full: boolean };
  /** Older books newly listed, shown after the others under their own heading (the digest's "Also new on …"). */
  also?: { heading: string; books: readonly AlertBook[] };
  /** The one button (instant alerts: the book). */
  action?: { label: string; url: string };
  /** The signed unsubscribe link and what its line says. */
  unsubscribe: FooterLink;
  /** The signed link that switches the follow to the weekly digest (mails to instant followers). */
  switchToDigest?: FooterLink;
  /** Why the mail was sent. */
  reason: string;
}

/**
 * The mail in the shared template: the text part lists each book (title,
 * author, shortened description, link) and the unsubscribe link written out;
 * the HTML part shows each book with its cover and the unsubscribe link.
 */
function alertMail(brand: MailBrand, content: AlertContent, to: string, messageId: string): Mail {
  const linesOf = (books: readonly AlertBook[]) =>
    books.flatMap((book) => [
      `${book.title}, by ${authorOf(book)}: ${bookPageUrl(brand, book.id)}`,
      bookMetaDescription(book),
    ]);
  const also = content.also && content.also.books.length > 0 ? content.also : null;
  const updates = content.updates && content.updates.items.length > 0 ? content.updates : null;
  const links = [content.unsubscribe, ...(content.switchToDigest ? [content.switchToDigest] : [])];
  const common = { subject: content.subject, name: '', action: content.action, reason: content.reason };
  const text = composeMail(
    {
      ...common,
      paragraphs: [
        content.intro,
        ...linesOf(content.books),
        ...(updates
          ? [
              ...(updates.heading ? [`${updates.heading}:`] : []),
              ...updates.items.flatMap((update) => updateLines(brand, update, updates.full)),
            ]
          : []),
        ...(also ? [`${also.heading}:`, ...linesOf(also.books)] : []),
      ],
      after: links.map((link) => `${link.label}: ${link.url}`),
    },
    brand,
  ).text;
  const blocks = [
    ...content.books.map((book) => bookBlock(brand, book)),
    ...(updates
      ? [
          ...(updates.heading
            ? [`<h2 style="margin:24px 0 12px;font-size:18px">${escapeHtml(updates.heading)}</h2>`]
            : []),
          ...updates.items.map((update) => updateBlock(brand, update, updates.full)),
        ]
      : []),
    ...(also
      ? [
          `<h2 style="margin:24px 0 12px;font-size:18px">${escapeHtml(also.heading)}</h2>`,
          ...also.books.map((book) => bookBlock(brand, book)),
        ]
      : []),
  ];
  const html = withBlocks(
    composeMail({ ...common, paragraphs: [content.intro] }, brand).html,
    blocks.join('\n'),
    links,
  );
  return {
    subject: content.subject,
    text,
    html,
    to,
    from: mailFromAs(brand.title, 'bulk'),
    headers: unsubscribeHeaders(content.unsubscribe.url),
    messageId,
  };
}

/** What the switch link of a mail to an instant follower says. */
export const SWITCH_TO_DIGEST_LABEL = 'Get a weekly digest instead';

/**
 * The footer links of a mail about one followed author: unfollow them, and for
 * an instant follower also switch that follow to the weekly digest.
 */
function followLinks(
  author: string,
  followId: string,
  mode: AlertMode,
): Pick<AlertContent, 'unsubscribe' | 'switchToDigest'> {
  return {
    unsubscribe: { url: followUnsubscribeLink('follow', followId), label: `Unfollow ${author}` },
    ...(mode === 'instant'
      ? { switchToDigest: { url: followUnsubscribeLink('weekly', followId), label: SWITCH_TO_DIGEST_LABEL } }
      : {}),
  };
}

/** The instant alert of one new book to one follower; `followId` is what its unsubscribe link stops. */
export function releaseAlertMail(brand: MailBrand, book: AlertBook, to: string, followId: string): Mail {
  const author = authorOf(book);
  return alertMail(
    brand,
    {
      subject: `New from ${author}: ${book.title}`,
      intro: `${author} has a new book on ${brand.title}.`,
      books: [book],
      action: { label: 'See the book', url: bookPageUrl(brand, book.id) },
      ...followLinks(author, followId, 'instant'),
      reason: `You received this email because you follow ${author} on ${brand.title}.`,
    },
    to,
    alertMessageId(brand, 'release', book.id, followId),
  );
}

/**
 * The alert of a preorder to one follower: when it comes out, and that it can be
 * preordered now. `book.publication_date` is its date (a day still to come).
 */
export function preorderAlertMail(
  brand: MailBrand,
  book: AlertBook & { publication_date: string },
  to: string,
  followId: string,
): Mail {
  const author = authorOf(book);
  const date = humanDate(book.publication_date);
  return alertMail(
    brand,
    {
      subject: `${book.title} by ${author} is coming on ${date}: preorder now`,
      intro: `${author} has a new book coming on ${date}, and you can preorder it now.`,
      books: [book],
      action: { label: 'See the book', url: bookPageUrl(brand, book.id) },
      ...followLinks(author, followId, 'instant'),
      reason: `You received this email because you follow ${author} on ${brand.title}.`,
    },
    to,
    alertMessageId(brand, 'preorder', book.id, followId),
  );
}

/**
 * The alert, on its publication date, that a book first announced as a preorder
 * is out, to one follower (of either mode: `mode` decides the footer's links).
 */
export function outNowAlertMail(
  brand: MailBrand,
  book: AlertBook,
  to: string,
  followId: string,
  mode: AlertMode = 'instant',
): Mail {
  const author = authorOf(book);
  return alertMail(
    brand,
    {
      subject: `${book.title} by ${author} is out now`,
      intro: `${author}'s new book is out today.`,
      books: [book],
      action: { label: 'See the book', url: bookPageUrl(brand, book.id) },
      ...followLinks(author, followId, mode),
      reason: `You received this email because you follow ${author} on ${brand.title}.`,
    },
    to,
    alertMessageId(brand, 'outnow', book.id, followId),
  );
}

/** One update an author wrote, to one instant follower, in full; `followId` is the follow its links stop or switch. */
export function updateMail(brand: MailBrand, update: MailUpdate, to: string, followId: string): Mail {
  const author = updateAuthorOf(update);
  return alertMail(
    brand,
    {
      subject: `${author}: ${update.title}`,
      intro: `${author} wrote to their followers on ${brand.title}.`,
      books: [],
      updates: { items: [update], full: true },
      action: { label: 'Read it on their page', url: updateUrl(brand, update) },
      ...followLinks(author, followId, 'instant'),
      reason: `You received this email because you follow ${author} on ${brand.title}.`,
    },
    to,
    alertMessageId(brand, 'update', update.id, followId),
  );
}

/** The digest's subject: about new books when it has any, else about the authors' updates. */
export function digestSubject(brand: MailBrand, books: number, updates: number): string {
  return books === 0 && updates > 0
    ? `This week's updates from authors you follow on ${brand.title}`
    : `This week's new books from authors you follow on ${brand.title}`;
}

/** The digest's opening line. */
function digestIntro(brand: MailBrand, books: number, also: number, updates: number): string {
  const updatesLine = updates === 1 ? 'an update' : `${updates} updates`;
  if (books === 0 && also === 0) return `Authors you follow have written ${updatesLine} this week.`;
  const booksLine =
    books === 0
      ? `Authors you follow have added ${also === 1 ? 'a book' : `${also} books`} to ${brand.title} this week.`
      : books === 1
        ? 'An author you follow has a new book this week.'
        : `Authors you follow have ${books} new books this week.`;
  return updates === 0 ? booksLine : `${booksLine} They also wrote ${updatesLine}.`;
}

/**
 * The weekly digest of `books` to one follower, then `updates` (what the
 * authors wrote, shortened, under "Updates from authors you follow"), then
 * `also` (older books the authors newly listed: backlist) under "Also new on
 * <site>"; `digestId` names the delivery whose follows its link stops.
 */
export function digestMail(
  brand: MailBrand,
  books: readonly AlertBook[],
  to: string,
  digestId: string,
  also: readonly AlertBook[] = [],
  updates: readonly MailUpdate[] = [],
): Mail {
  return alertMail(
    brand,
    {
      subject: digestSubject(brand, books.length, updates.length),
      intro: digestIntro(brand, books.length, also.length, updates.length),
      books,
      updates: { heading: 'Updates from authors you follow', items: updates, full: false },
      also: { heading: `Also new on ${brand.title}`, books: also },
      unsubscribe: {
        url: followUnsubscribeLink('digest', digestId),
        label: 'Unsubscribe from this digest (unfollow these authors)',
      },
      reason: `You received this email because you chose a weekly digest of the authors you follow on ${brand.title}.`,
    },
    to,
    alertMessageId(brand, 'digest', digestId),
  );
}

/** The same Message-ID on every attempt, so a mail sent again after a crash is one copy in the mailbox. */
function alertMessageId(brand: MailBrand, kind: string, ...parts: string[]): string {
  const host = new URL(brand.siteUrl).hostname || 'shelfmark.local';
  const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');
  return `<${kind}.${parts.map(safe).join('.')}@${host}>`;
}
