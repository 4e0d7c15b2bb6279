import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../scripts/seed/accounts.ts';
import { generate } from '../../../scripts/seed/generate.ts';
import { DEMO_FEEL_BOOK } from '../../../scripts/seed/reviews.ts';
import { feelSummary, feelTotalsOf } from '../../../src/domain/books/book-feel.ts';
import { checkReferences, validateDocs } from '../../../scripts/seed/validate.ts';
import { billingRecordSchema, planOf } from '../../../src/domain/billing/billing.ts';
import { countWords } from '../../../src/domain/books/book.ts';
import { seriesSlug } from '../../../src/domain/books/catalogue.ts';
import { parseIsbn } from '../../../src/domain/books/isbn.ts';
import { DEMO_SERIES } from '../../../scripts/seed/catalogue.ts';
import { DEMO_CATALOGUE_BOOKS } from '../../../scripts/seed/catalogue-books.ts';
import { catalogueBookSchema } from '../../../src/domain/books/catalogue-book.ts';

const options = { mediaUrl: (path: string) => `/media/${path}` };
const data = generate(options);
const docs = validateDocs(data.docs);
const of = (collection: string) => docs.filter((d) => d.collection === collection);
/** The members' books (catalogue books, kind 'catalogue', are tested on their own below). */
const listedBooks = () => of('books').filter((d) => d.data.kind !== 'catalogue');

describe('the demo data generator', () => {
  it('produces exactly the same data on every run', () => {
    expect(generate(options)).toEqual(data);
  });

  it('writes only documents the domain schemas accept, with consistent references and counters', () => {
    expect(() => checkReferences(docs)).not.toThrow();
  });

  it('rates some public books with reviews by members who do not own them, and would notice wrong totals', () => {
    const reviews = of('book_reviews');
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    const rated = of('books').filter((b) => b.data.kind !== 'catalogue' && Number(b.data.rating_count) > 0);
    expect(rated.length).toBe(10);
    const index = docs.findIndex((d) => d.id === rated[0]!.id && d.collection === 'books');
    const wrong = docs.with(index, { ...docs[index]!, data: { ...docs[index]!.data, rating_sum: 0 } });
    expect(() => checkReferences(wrong)).toThrow(/rating totals differ/);
  });

  it('has one catalogue book whose readers say how it felt, and would notice wrong feel totals', () => {
    const felt = of('books').filter((b) => b.data.title === DEMO_FEEL_BOOK);
    expect(felt).toHaveLength(1);
    const summary = feelSummary(feelTotalsOf(felt[0]!.data.feel_totals));
    expect(summary?.moods?.[0]).toEqual({ mood: 'dark', percent: 83 });
    expect(summary?.pace).toEqual({ pace: 'slow', mostly: true });
    expect(
      of('book_reviews').filter((r) => r.data.book_id === felt[0]!.id && r.data.spoiler !== '').length,
    ).toBeGreaterThan(0);
    const index = docs.findIndex((d) => d.id === felt[0]!.id && d.collection === 'books');
    const wrong = docs.with(index, {
      ...docs[index]!,
      data: { ...docs[index]!.data, feel_totals: { moods_answered: 1 } },
    });
    expect(() => checkReferences(wrong)).toThrow(/feel totals differ/);
  });

  it('holds one review for the Held reviews queue: not shown, in no total, and would notice one counted or shown', () => {
    const held = of('book_reviews').filter((d) => d.data.moderation === 'held');
    expect(held).toHaveLength(1);
    expect(held[0]!.data.reviewer_public).toBe(false);
    const index = docs.findIndex((d) => d.collection === 'book_reviews' && d.data.moderation === 'held');
    const counted = docs.with(index, {
      ...docs[index]!,
      data: { ...docs[index]!.data, moderation: 'published', reviewer_public: true },
    });
    expect(() => checkReferences(counted)).toThrow(/rating totals differ/);
    const shown = docs.with(index, {
      ...docs[index]!,
      data: { ...docs[index]!.data, reviewer_public: true },
    });
    expect(() => checkReferences(shown)).toThrow(/a held review is shown/);
  });

  it('shelves public books for members (each reviewed book on Read), one member keeping them private, and would notice a shelved hidden book', () => {
    const shelves = of('book_shelves');
    const shelved = new Set(shelves.map((d) => d.id));
    for (const review of of('book_reviews')) expect(shelved.has(review.id)).toBe(true);
    expect(new Set(shelves.map((d) => d.data.shelf))).toEqual(new Set(['read', 'reading', 'want-to-read']));
    expect(of('shelf_settings').map((d) => d.data.private)).toEqual([true]);
    const hidden = of('books').find((b) => b.data.is_public !== true)!;
    const index = docs.findIndex((d) => d.collection === 'book_shelves');
    const wrong = docs.with(index, { ...docs[index]!, data: { ...docs[index]!.data, book_id: hidden.id } });
    expect(() => checkReferences(wrong)).toThrow(/is not a public book/);
  });

  it('stores the search keywords and sort names the triggers would compute, and would notice stale ones', () => {
    const stale = (collection: string) => {
      const index = docs.findIndex((d) => d.collection === collection);
      const doc = docs[index]!;
      return docs.with(index, { ...doc, data: { ...doc.data, search_keywords: ['stale'] } });
    };
    expect(() => checkReferences(stale('profiles'))).toThrow(/profiles\/.*directory fields differ/);
    expect(() => checkReferences(stale('books'))).toThrow(/books\/.*listing fields differ/);
  });

  it('creates every demo account, with the admin claim only for the admin', () => {
    for (const account of DEMO_ACCOUNTS)
      expect(data.users.find((u) => u.email === account.email)?.uid).toBe(account.uid);
    expect(data.users.filter((u) => u.admin).map((u) => u.email)).toEqual(['admin@shelfmark.test']);
    expect(of('profiles').find((p) => p.id === 'demo-admin')?.data).toMatchObject({
      role: 'Admin',
      page_slug: 'shelfmark-team',
      display_name: 'Shelfmark Team',
    });
  });

  it('verifies the email of every approved member, so they can edit their profile (the rules require it)', () => {
    const approved = of('profiles')
      .filter((p) => p.data.approval_status === 'approved')
      .map((p) => p.id);
    const unverified = data.users.filter((u) => !u.emailVerified).map((u) => u.uid);
    expect(approved.filter((uid) => unverified.includes(uid))).toEqual([]);
    expect(unverified.length).toBeGreaterThan(0);
  });

  it('covers every category, approval state, activity state and plan', () => {
    const profiles = of('profiles').map((p) => p.data);
    expect(profiles.length).toBeGreaterThanOrEqual(35);
    for (const category of ['Book Author', 'Book Lover/Marketer', 'Publisher'])
      expect(profiles.some((p) => p.category === category)).toBe(true);
    for (const status of ['approved', 'pending', 'denied'])
      expect(profiles.some((p) => p.approval_status === status)).toBe(true);
    expect(profiles.some((p) => !p.is_active)).toBe(true);
    expect(profiles.some((p) => p.subscription_status === 'premium')).toBe(true);
  });

  it('gives every Premium member the billing record that decides it: a grant by the site owner', () => {
    const records = new Map(of('profiles').map((p) => [p.id, p.private?.billing]));
    for (const profile of of('profiles'))
      expect(records.get(profile.id) !== undefined).toBe(profile.data.subscription_status === 'premium');
    expect(planOf(billingRecordSchema.parse(records.get('demo-author')))).toEqual({
      status: 'premium',
      source: 'granted',
    });
    expect(planOf(billingRecordSchema.parse(records.get('demo-admin')))).toEqual({
      status: 'premium',
      source: 'granted',
    });
    const free = docs.findIndex((d) => d.collection === 'profiles' && d.data.subscription_status === 'free');
    const withGrant = docs.with(free, {
      ...docs[free]!,
      private: { billing: { grant: { by: 'demo-admin', at: 1 } } },
    });
    expect(() => validateDocs(withGrant)).toThrow(/does not decide its plan/);
  });

  it('gives books every listing state the pages filter on', () => {
    const books = listedBooks().map((b) => b.data);
    expect(books.length).toBeGreaterThanOrEqual(100);
    expect(books.some((b) => !b.is_active)).toBe(true);
    expect(books.some((b) => b.is_full_book_free)).toBe(true);
    expect(books.some((b) => typeof b.audiobook_url === 'string' && b.audiobook_url !== '')).toBe(true);
    expect(
      books.some((b) => (b.manuscript_content as { type: string }[]).some((s) => s.type === 'url')),
    ).toBe(true);
    expect(new Set(books.map((b) => b.category))).toEqual(new Set(['fiction', 'non-fiction']));
    for (const book of books) expect(countWords(book.description as string)).toBeLessThanOrEqual(100);
  });

  it('fills all six featured profile slots and featured book slots 1-9, leaving 10-12 to the Spotlight', () => {
    expect(of('featured_profiles').map((d) => d.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(of('featured_books').map((d) => d.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it("gives the Spotlight more Premium members' public books than the empty slots", () => {
    const featured = new Set(of('featured_books').map((d) => d.data.book_id));
    const premium = new Set(
      of('profiles')
        .filter(
          (p) =>
            p.data.subscription_status === 'premium' &&
            p.data.is_active &&
            p.data.approval_status === 'approved',
        )
        .map((p) => p.id),
    );
    const spotlightable = of('books').filter(
      (b) => b.data.is_public && premium.has(b.data.user_id as string) && !featured.has(b.id),
    );
    expect(new Set(spotlightable.map((b) => b.data.user_id)).size).toBeGreaterThan(3);
  });

  it('stores every image under a content-versioned path', () => {
    const paths = data.images.map((i) => i.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths)
      expect(path).toMatch(
        /^(covers|profiles|site-assets\/(logos|banners|blog))\/[A-Za-z0-9_-]+-[0-9a-f]{10}\.webp$/,
      );
  });

  it('never uses the clock: the same data whatever the date', () => {
    vi.useFakeTimers({ now: new Date('2031-05-17T08:00:00Z') });
    try {
      expect(generate(options)).toEqual(data);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the demo books as a catalogue describes them', () => {
  const books = listedBooks();

  it('most books carry valid, distinct ISBNs, dates (two still to come), pages and languages, mostly English', () => {
    const described = books.filter((b) => typeof b.data.isbn === 'string');
    expect(described.length).toBeGreaterThan(books.length * 0.7);
    expect(described.length).toBeLessThan(books.length);
    expect(new Set(described.map((b) => b.data.isbn)).size).toBe(described.length);
    for (const book of described) expect(parseIsbn(book.data.isbn as string)).toMatchObject({ ok: true });
    const future = books.filter(
      (b) => typeof b.data.publication_date === 'string' && b.data.publication_date > '2026-11-01',
    );
    expect(future).toHaveLength(2);
    const english = described.filter((b) => b.data.language === 'en').length;
    expect(english).toBeGreaterThan(described.length * 0.75);
    expect(described.some((b) => typeof b.data.publisher === 'string')).toBe(true);
  });

  const catalogueIsbns = new Set(
    of('books').flatMap((b) =>
      b.data.kind === 'catalogue' ? (b.data.editions as { isbn: string | null }[]).map((e) => e.isbn) : [],
    ),
  );

  it('claims each ISBN for the one book carrying it, as the book saves would, and would notice a claim of another book', () => {
    const claims = of('isbn_claims').filter((c) => !catalogueIsbns.has(c.id));
    const described = books.filter((b) => typeof b.data.isbn === 'string');
    expect(claims).toHaveLength(described.length);
    for (const book of described)
      expect(claims.find((c) => c.id === book.data.isbn)?.data).toMatchObject({
        book_id: book.id,
        user_id: book.data.user_id,
      });
    const index = docs.findIndex((d) => d.collection === 'isbn_claims');
    const other = described.find((b) => b.id !== docs[index]!.data.book_id)!;
    const stolen = docs.with(index, { ...docs[index]!, data: { ...docs[index]!.data, book_id: other.id } });
    expect(() => checkReferences(stolen)).toThrow(/is claimed by|does not carry it/);
  });

  it('holds two series of three or more public books, each with its derived address', () => {
    for (const series of DEMO_SERIES) {
      const members = books.filter((b) => b.data.series === series.name);
      expect(members.every((b) => b.data.series_slug === seriesSlug(series.name))).toBe(true);
      expect(members.filter((b) => b.data.is_public === true).length).toBeGreaterThanOrEqual(3);
    }
    expect(books.filter((b) => !b.data.series).every((b) => (b.data.series_slug ?? null) === null)).toBe(
      true,
    );
  });

  it("gives each demo series to its author, as the book saves would, and would notice a claim of someone else's", () => {
    const claims = of('series_claims');
    expect(claims.map((c) => c.id).sort()).toEqual(
      DEMO_SERIES.map((series) => seriesSlug(series.name)).sort(),
    );
    for (const series of DEMO_SERIES)
      expect(claims.find((c) => c.id === seriesSlug(series.name))?.data).toMatchObject({
        user_id: series.uid,
      });
    const index = docs.findIndex((d) => d.collection === 'series_claims');
    const stolen = docs.with(index, {
      ...docs[index]!,
      data: { ...docs[index]!.data, user_id: 'someone-else' },
    });
    expect(() => checkReferences(stolen)).toThrow(/has no book in it/);
  });
});

describe('the demo catalogue books', () => {
  const catalogue = of('books').filter((d) => d.data.kind === 'catalogue');

  it('has one author page claimed by an approved Book Author, whose books carry the claim', () => {
    const [holder] = of('catalogue_authors');
    expect(of('catalogue_authors')).toHaveLength(1);
    expect(of('author_claims').map((d) => d.data.status)).toEqual(['approved']);
    const claimant = of('profiles').find((p) => p.id === holder!.data.claimed_by)!;
    expect(claimant.data).toMatchObject({
      category: 'Book Author',
      approval_status: 'approved',
      is_active: true,
    });
    const claimed = catalogue.filter((d) => d.data.claimed_by === claimant.id);
    expect(claimed.map((d) => d.data.author_slugs)).toEqual([[holder!.id]]);
  });

  it('adds a dozen books no member lists, in no listing, each a catalogue book the site reads', () => {
    expect(catalogue).toHaveLength(DEMO_CATALOGUE_BOOKS.length);
    expect(catalogue.length).toBeGreaterThanOrEqual(12);
    for (const book of catalogue) {
      expect(catalogueBookSchema.safeParse({ ...book.data, id: book.id }).success).toBe(true);
      expect(book.data).toMatchObject({ is_public: false, is_active: true, added_by: 'demo-reader' });
      expect(book.data).not.toHaveProperty('user_id');
    }
  });

  it('covers the cases the page shows: several editions, a Cyrillic title, one without a cover, one added by hand', () => {
    expect(catalogue.filter((b) => (b.data.editions as unknown[]).length > 1).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(catalogue.some((b) => /\p{Script=Cyrillic}/u.test(String(b.data.title)))).toBe(true);
    expect(catalogue.some((b) => b.data.cover_image === null)).toBe(true);
    const hand = catalogue.filter((b) => b.data.source === 'hand');
    // Two added by hand, one of them a duplicate of an Open Library book for librarians to merge.
    expect(hand).toHaveLength(2);
    for (const book of hand) expect(book.data).toMatchObject({ needs_review: true, source_id: null });
    expect(hand.map((b) => b.data.title)).toContain('Pride & Prejudice');
    expect(
      catalogue.some((b) => b.data.title === 'Pride and Prejudice' && b.data.source === 'openlibrary'),
    ).toBe(true);
    // The demo reader is a librarian, so the tools show with a demo account.
    expect(of('librarians').map((d) => d.id)).toEqual(['demo-reader']);
    for (const book of catalogue.filter((b) => b.data.source === 'openlibrary'))
      expect(book.data.source_id).toMatch(/^OL\d+W$/);
  });

  it("claims every edition's ISBN for its book with no owner, as addCatalogueBook does, and uses ISBNs no listed book carries", () => {
    const listedIsbns = new Set(listedBooks().map((b) => b.data.isbn));
    for (const book of catalogue) {
      const editions = (book.data.editions as { isbn: string | null }[]).flatMap((e) =>
        e.isbn ? [e.isbn] : [],
      );
      if (typeof book.data.isbn === 'string') expect(book.data.isbn).toBe(editions[0]);
      for (const isbn of editions) {
        expect(listedIsbns.has(isbn)).toBe(false);
        expect(of('isbn_claims').find((c) => c.id === isbn)?.data).toMatchObject({
          book_id: book.id,
          user_id: null,
        });
      }
    }
  });

  it('records which book each Open Library work became, so Add a book lists it instead of offering the work again', () => {
    const fromSource = catalogue.filter((b) => b.data.source === 'openlibrary');
    expect(of('catalogue_sources')).toHaveLength(fromSource.length);
    for (const book of fromSource)
      expect(
        of('catalogue_sources').find((d) => d.id === `openlibrary_${String(book.data.source_id)}`)?.data,
      ).toMatchObject({
        book_id: book.id,
      });
  });
});
