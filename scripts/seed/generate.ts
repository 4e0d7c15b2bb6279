// The pure, deterministic demo-data generator: same code, same output. It
// returns documents, Auth users and image specs; main.ts validates and writes them.
import { REFERENCE_DATE, type SeedDoc, type SeedUser, createContext, daysAgo } from './context.ts';
import { generateAuthorUpdates } from './author-updates.ts';
import { profilePrivateDocs } from './billing.ts';
import { generateBooks, isbnClaimDocs, seriesClaimDocs } from './books.ts';
import {
  catalogueIsbnClaimDocs,
  catalogueShelfDocs,
  DEMO_LIBRARIAN,
  catalogueSourceDocs,
  generateCatalogueBooks,
  withDemoAuthorClaim,
} from './catalogue-books.ts';
import { followerCountOf, generateFollows } from './follows.ts';
import { generateBlogPosts, generateNewsletters } from './editorial.ts';
import { generateClassifiedAds, generateProductsServices } from './marketplace.ts';
import { generateMarketEntries } from './market-index.ts';
import { type Member, authUsers, generateMembers } from './members.ts';
import { catalogueFeelReviews, generateHeldReview, generateReviews, generateShelves } from './reviews.ts';
import { generateReading } from './reading.ts';
import { generateReadingImport, importedShelfEntries } from './reading-import.ts';
import { generateCustomShelves } from './custom-shelves.ts';
import { generateReports } from './reports.ts';
import {
  generateBanners,
  generateFeatured,
  generateLegalDocuments,
  generatePageContent,
  generateSiteSettings,
} from './site.ts';
import type { ImageSpec } from './svg.ts';

/** Everything the seed writes. */
export interface SeedData {
  users: SeedUser[];
  docs: SeedDoc[];
  images: ImageSpec[];
}

/** Options that depend on where the data will be served. */
export interface GenerateOptions {
  /** Public URL of a media path. */
  mediaUrl: (path: string) => string;
}

/** Generates the full demo data set. */
export function generate(options: GenerateOptions): SeedData {
  const ctx = createContext(options.mediaUrl);
  const members = generateMembers(ctx);
  const admin = members.find((m) => m.admin) as Member;
  const books = generateBooks(ctx, members);
  const featured = generateFeatured(members, books, admin);

  const featuredBookIds = new Set(
    featured.filter((d) => d.collection === 'featured_books').map((d) => d.data.book_id),
  );
  for (const book of books) book.doc.data.is_featured = featuredBookIds.has(book.id);
  // Before the books are listed below: the reviews add their totals to the books.
  const reviews = generateReviews(books, members);
  // Held: in no total, on the writer's Read shelf like every review.
  const held = generateHeldReview(books, members, reviews);
  const shelves = generateShelves(books, members, [...reviews, ...held]);
  // Books a demo import brought onto the demo reader's Read shelf, their ratings waiting for them.
  const imported = importedShelfEntries(members, books, shelves);
  shelves.push(...imported);
  // Read-throughs of the shelved books, with progress written onto the 'Reading' entries.
  const reading = generateReading(shelves, books);
  // A few members' own shelves, holding some of their shelved books.
  const customShelves = generateCustomShelves(members, books, shelves);

  const follows = generateFollows(members);
  // book_count and follower_count are what the Cloud Function triggers would compute: the owner's active books, the author's follows.
  // A Premium member's billing record says where the plan comes from (scripts/seed/billing.ts).
  const profiles: SeedDoc[] = members.map((m) => {
    const privateDocs = profilePrivateDocs(m, admin);
    return {
      collection: 'profiles',
      id: m.uid,
      data: {
        ...m.profile,
        book_count: books.filter((b) => b.userId === m.uid && b.active).length,
        follower_count: followerCountOf(follows, m.uid),
      },
      ...(privateDocs ? { private: privateDocs } : {}),
    };
  });

  const products = generateProductsServices(members);
  const ads = generateClassifiedAds(members);
  const posts = generateBlogPosts(ctx, admin);
  // One active product, ad and published post in the Reports queue, to demo Hide/Restore on them.
  const firstActive = (list: readonly SeedDoc[], flag: 'is_active' | 'is_published') =>
    list.find((d) => d.data[flag] === true);
  const reportedOthers = [
    { kind: 'product' as const, doc: firstActive(products, 'is_active') },
    { kind: 'ad' as const, doc: firstActive(ads, 'is_active') },
    { kind: 'post' as const, doc: firstActive(posts, 'is_published') },
  ].flatMap(({ kind, doc }) => (doc ? [{ kind, id: doc.id }] : []));

  const docs: SeedDoc[] = [
    ...profiles,
    ...books.map((b) => b.doc),
    // The ISBN claims the book saves would have taken (the oldest book keeps a shared ISBN).
    ...isbnClaimDocs(books),
    // The series claims likewise (each series is its oldest book's author's).
    ...seriesClaimDocs(books),
    ...reviews,
    ...held,
    ...shelves,
    ...reading,
    ...generateReadingImport(imported),
    ...customShelves,
    ...generateReports(
      reviews,
      books.filter((b) => b.doc.data.is_public === true).map((b) => b.id),
      members,
      reportedOthers,
    ),
    ...products,
    ...ads,
    ...posts,
    ...generateNewsletters(admin, members),
    ...generatePageContent(admin),
    ...generateLegalDocuments(admin),
    ...generateBanners(ctx, admin),
    generateSiteSettings(ctx, admin),
    ...featured,
    ...follows,
    ...generateAuthorUpdates(members, books),
  ];
  // Books no member lists (kind 'catalogue') with their ISBN claims, after every other
  // generator's documents and covers, so those stay as they were.
  const catalogueBooks = generateCatalogueBooks(ctx);
  // A few readers shelve some of them (which marks those books has_readers, in place), and
  // one author page is claimed by a Book Author in good standing, as an admin's approval leaves it.
  const catalogueShelves = catalogueShelfDocs(catalogueBooks, members);
  // Readers say how one catalogue book felt (moods, pace, warnings, spoilers), enough for its breakdown.
  const feelReviews = catalogueFeelReviews(catalogueBooks, members);
  const claimant = members.find(
    (m) => m.category === 'Book Author' && m.approval === 'approved' && m.active && !m.admin,
  );
  docs.push(
    ...(claimant ? withDemoAuthorClaim(catalogueBooks, claimant, admin.uid) : catalogueBooks),
    ...catalogueShelves,
    ...feelReviews,
    ...catalogueIsbnClaimDocs(catalogueBooks),
    ...catalogueSourceDocs(catalogueBooks),
    // The demo reader is a librarian (made by the demo admin), so /librarian and the
    // book pages' librarian tools show with a demo account.
    {
      collection: 'librarians',
      id: DEMO_LIBRARIAN,
      data: { granted_by: admin.uid, granted_at: daysAgo(30, 0) },
    },
  );
  // The market index as the marketIndex triggers would write it.
  docs.push(...generateMarketEntries(docs));

  for (const doc of docs) {
    for (const value of Object.values(doc.data)) {
      if (value instanceof Date && value > REFERENCE_DATE)
        throw new Error(`${doc.collection}/${doc.id} has a date after the reference date`);
    }
  }
  return { users: authUsers(members), docs, images: ctx.images };
}
