// Books by authors and publishers, within each member's plan limit, over both
// categories and many genres, with covers, prices, free reads and audiobooks.
import { type ListingSource, listingFieldsOf } from '../../src/domain/books/book-listing.ts';
import { bookVisibilityFields, isOwnerPublic } from '../../src/domain/accounts/visibility.ts';
import { type BookCategory, GENRE_CATALOGUE } from '../../src/domain/items/genres.ts';
import { PLAN_LIMITS } from '../../src/domain/items/plan-limits.ts';
import { missingClaims } from '../../src/domain/books/isbn-claim.ts';
import { missingSeriesClaims } from '../../src/domain/books/series-claim.ts';
import { profileSlug } from '../../src/domain/shared/slug.ts';
import { catalogueFieldsFor } from './catalogue.ts';
import { type SeedContext, type SeedDoc, dateAfter, streamFor } from './context.ts';
import type { Member } from './members.ts';
import type { Random } from './prng.ts';
import { MANUSCRIPT_PARAGRAPHS } from './prose.ts';
import { coverSvg, imageSpec } from './svg.ts';
import {
  FICTION_BLURB_CLOSINGS,
  FICTION_BLURB_OPENINGS,
  FICTION_TITLE_PATTERNS,
  FIRST_NAMES,
  NONFICTION_BLURB_CLOSINGS,
  NONFICTION_BLURB_OPENINGS,
  NONFICTION_TITLE_PATTERNS,
  TITLE_ADJECTIVES,
  TITLE_GERUNDS,
  TITLE_NOUNS,
  TITLE_PLACES,
  TITLE_PLURALS,
  TITLE_VERBS,
} from './words.ts';

/** What the featured lists and the marketplace need to know about a generated book. */
export interface SeedBook {
  id: string;
  userId: string;
  title: string;
  active: boolean;
  createdAt: Date;
  doc: SeedDoc;
}

const SUB_GENRES: Record<BookCategory, readonly string[]> = {
  fiction: [
    'cosy',
    'slow burn',
    'coastal',
    'found family',
    'small town',
    'dual timeline',
    'locked room',
    'enemies to lovers',
    'quest',
    'gothic',
  ],
  'non-fiction': [
    'practical guide',
    'essays',
    'case studies',
    'illustrated',
    'workbook',
    'oral history',
    'field notes',
  ],
};

const STORES = ['Bookshop', 'Author Store', 'Kobo', 'Apple Books', 'Local Indie', 'Barnes & Noble'] as const;

/** How many books a member gets: none until approved, a plan-respecting number otherwise. */
function bookCountFor(member: Member, rng: Random): number {
  if (member.uid === 'demo-admin') return 2;
  if (member.uid === 'demo-author') return 12;
  if (member.uid === 'demo-publisher') return 3;
  if (member.category === 'Book Lover/Marketer' || member.approval !== 'approved') return 0;
  const count = member.plan === 'premium' ? rng.int(7, 11) : rng.int(1, 3);
  return Math.min(count, PLAN_LIMITS[member.plan].books);
}

function makeTitle(rng: Random, category: BookCategory, taken: Set<string>): string {
  const patterns = category === 'fiction' ? FICTION_TITLE_PATTERNS : NONFICTION_TITLE_PATTERNS;
  for (;;) {
    const title = rng
      .pick(patterns)
      .replace('{A}', rng.pick(TITLE_ADJECTIVES))
      .replace('{N2}', rng.pick(TITLE_PLURALS))
      .replace('{N}', rng.pick(TITLE_NOUNS))
      .replace('{P}', rng.pick(TITLE_PLACES))
      .replace('{X}', rng.pick(FIRST_NAMES))
      .replace('{G}', rng.pick(TITLE_GERUNDS))
      .replace('{V}', rng.pick(TITLE_VERBS));
    if (!taken.has(title)) {
      taken.add(title);
      return title;
    }
  }
}

function makeDescription(rng: Random, category: BookCategory): string {
  const [openings, closings] =
    category === 'fiction'
      ? [FICTION_BLURB_OPENINGS, FICTION_BLURB_CLOSINGS]
      : [NONFICTION_BLURB_OPENINGS, NONFICTION_BLURB_CLOSINGS];
  return `${rng.pick(openings)} ${rng.pick(closings)}`
    .replace(/\{X\}/g, rng.pick(FIRST_NAMES))
    .replace(/\{P\}/g, rng.pick(TITLE_PLACES));
}

function manuscript(rng: Random, slug: string, full: boolean) {
  const chapters = full ? rng.int(3, 5) : rng.int(1, 2);
  const sections = [];
  for (let i = 0; i < chapters; i++) {
    const paragraphs = rng.sample(MANUSCRIPT_PARAGRAPHS, rng.int(3, 5));
    sections.push({
      id: `s${i + 1}`,
      type: 'text',
      title: `Chapter ${i + 1}`,
      content: paragraphs.join('\n\n'),
      order: i,
    });
  }
  if (!full && rng.chance(0.5)) {
    sections.push({
      id: `s${chapters + 1}`,
      type: 'url',
      title: 'Read the next chapters online',
      content: `https://read.example.com/${slug}/more`,
      order: chapters,
    });
  }
  return sections;
}

function formatPrices(rng: Random, slug: string) {
  const fields: Record<string, unknown> = {};
  if (rng.chance(0.7))
    Object.assign(fields, { ebook_url: `https://ebooks.example.com/${slug}`, ebook_price: rng.price(2, 9) });
  if (rng.chance(0.55))
    Object.assign(fields, {
      paperback_url: `https://print.example.com/${slug}/paperback`,
      paperback_price: rng.price(9, 18),
    });
  if (rng.chance(0.2))
    Object.assign(fields, {
      hardcover_url: `https://print.example.com/${slug}/hardcover`,
      hardcover_price: rng.price(19, 29),
    });
  return fields;
}

/** Builds every member's books, owner by owner; book_count is derived from the result. */
export function generateBooks(ctx: SeedContext, members: readonly Member[]): SeedBook[] {
  const rng = streamFor('books');
  // The catalogue fields draw from their own stream, so the books' other fields stay as they were.
  const catalogueRng = streamFor('catalogue');
  const titles = new Set<string>();
  const books: SeedBook[] = [];
  for (const member of members) {
    const count = bookCountFor(member, rng);
    for (let i = 0; i < count; i++) {
      const id = rng.autoId();
      const category: BookCategory =
        member.uid === 'demo-admin'
          ? 'non-fiction'
          : member.category === 'Publisher'
            ? rng.pick(['fiction', 'non-fiction'] as const)
            : rng.chance(0.65)
              ? 'fiction'
              : 'non-fiction';
      const title =
        member.uid === 'demo-admin'
          ? (['The Shelfmark Reading Journal', 'Writing Your First Novel: A Shelfmark Guide'][i] as string)
          : makeTitle(rng, category, titles);
      const slug = profileSlug(title);
      const genres = rng.sample(GENRE_CATALOGUE[category], rng.chance(0.3) ? 2 : 1).map((g) => g.value);
      const createdAt = dateAfter(rng, member.createdAt);
      // The demo author's first book is inactive and the second an audiobook free read, so each state is easy to find.
      const demoAuthor = member.uid === 'demo-author';
      const active = demoAuthor ? i !== 0 : !rng.chance(0.06);
      const hasManuscript = (demoAuthor && i === 1) || rng.chance(0.3);
      const fullFree = hasManuscript && rng.chance(0.3);
      const hasAudio = (demoAuthor && i === 1) || rng.chance(0.2);
      const author = { display_name: member.displayName, page_slug: member.pageSlug };
      const data: Record<string, unknown> = {
        user_id: member.uid,
        title,
        description: makeDescription(rng, category),
        cover_image: ctx.addImage(
          imageSpec(
            'covers',
            id,
            coverSvg(title, member.displayName, rng.int(0, 359), rng.int(0, 3)),
            400,
            600,
          ),
        ),
        purchase_url: rng.chance(0.7) ? `https://books.example.com/${slug}` : null,
        ...formatPrices(rng, slug),
        audiobook_url: hasAudio ? `https://audio.example.com/listen/${slug}` : null,
        audiobook_price: hasAudio && rng.chance(0.6) ? rng.price(12, 24) : null,
        video_url: rng.chance(0.12) ? `https://video.example.com/watch/${id.slice(0, 11)}` : null,
        category,
        genre: genres,
        sub_genre: rng.chance(0.5) ? rng.sample(SUB_GENRES[category], rng.int(1, 2)) : [],
        purchase_links: rng.chance(0.4)
          ? rng.sample(STORES, rng.int(1, 3)).map((label) => ({
              label,
              url: `https://${profileSlug(label)}.example.com/books/${slug}`,
              price: rng.chance(0.5) ? `$${rng.price(4, 18).toFixed(2)}` : null,
            }))
          : [],
        manuscript_content: hasManuscript ? manuscript(rng, slug, fullFree) : [],
        free_preview_title: hasManuscript && rng.chance(0.25) ? 'Read the opening chapters' : null,
        is_full_book_free: fullFree,
        is_active: active,
        is_featured: false,
        author,
        created_at: createdAt,
        updated_at: dateAfter(rng, createdAt, 60),
        ...catalogueFieldsFor(catalogueRng, member, i, createdAt),
      };
      // The same derivation the books trigger applies, so the trigger finds nothing to change.
      Object.assign(data, listingFieldsOf(data as ListingSource));
      // And the bookVisibility triggers' fields: public only while active and the owner is approved and active.
      Object.assign(
        data,
        bookVisibilityFields(
          active,
          isOwnerPublic({ is_active: member.active, approval_status: member.approval }),
        ),
      );
      books.push({
        id,
        userId: member.uid,
        title,
        active,
        createdAt,
        doc: { collection: 'books', id, data },
      });
    }
  }
  return books;
}

/**
 * The ISBN claims of the demo books (src/domain/books/isbn-claim.ts), as the book
 * saves would have taken them: one per ISBN, held by the oldest book carrying it.
 */
export function isbnClaimDocs(books: readonly SeedBook[]): SeedDoc[] {
  const claims = missingClaims(
    books.map((book) => ({
      id: book.id,
      user_id: book.userId,
      isbn: typeof book.doc.data.isbn === 'string' ? book.doc.data.isbn : null,
      created_at: book.createdAt,
    })),
  );
  return claims.map(({ id, ...data }) => ({ collection: 'isbn_claims', id, data: { ...data } }));
}

/**
 * The series claims of the demo books (src/domain/books/series-claim.ts), as the
 * book saves would have taken them: each series for the author of its oldest book.
 */
export function seriesClaimDocs(books: readonly SeedBook[]): SeedDoc[] {
  const claims = missingSeriesClaims(
    books.map((book) => ({
      id: book.id,
      user_id: book.userId,
      series_slug: typeof book.doc.data.series_slug === 'string' ? book.doc.data.series_slug : null,
      created_at: book.createdAt,
    })),
  );
  return claims.map(({ id, ...data }) => ({ collection: 'series_claims', id, data: { ...data } }));
}
