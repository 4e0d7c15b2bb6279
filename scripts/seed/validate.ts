// Every seeded document goes through the same zod schema the site reads it
// with, so the seed can never write data the site would reject.
import { z } from 'zod';
import { advertisementBannerSchema } from '../../src/domain/home/advertisement-banner.ts';
import { BILLING_DOC, billingRecordSchema, planOf } from '../../src/domain/billing/billing.ts';
import { blogPostSchema } from '../../src/domain/editorial/blog-post.ts';
import { bookSchema } from '../../src/domain/books/book.ts';
import {
  applyFeelChange,
  countedFeel,
  emptyFeelTotals,
  feelTotalsOf,
  type FeelTotals,
} from '../../src/domain/books/book-feel.ts';
import { catalogueBookSchema, readersMarkOf } from '../../src/domain/books/catalogue-book.ts';
import { librarianSchema } from '../../src/domain/admin/catalogue-curation.ts';
import { claimHolds, isbnClaimSchema } from '../../src/domain/books/isbn-claim.ts';
import { seriesClaimSchema } from '../../src/domain/books/series-claim.ts';
import { authorClaimSchema, catalogueAuthorSchema } from '../../src/domain/books/author-claim.ts';
import {
  type ListingSource,
  listingFieldsOf,
  sameListingFields,
} from '../../src/domain/books/book-listing.ts';
import {
  AD_CONTACT_PATH,
  adContactSchema,
  classifiedAdSchema,
} from '../../src/domain/market/classified-ad.ts';
import {
  bookKindOf,
  bookVisibilityFields,
  isOwnerPublic,
  isReadableBook,
  sameVisibilityFields,
  type OwnerVisibility,
} from '../../src/domain/accounts/visibility.ts';
import { reportSchema } from '../../src/domain/reports/report.ts';
import type { CollectionName } from '../../src/domain/shared/collections.ts';
import {
  type DirectorySource,
  directoryFields,
  sameDirectoryFields,
} from '../../src/domain/accounts/directory.ts';
import { featuredBookSchema, featuredProfileSchema } from '../../src/domain/home/featured.ts';
import { marketEntrySchema } from '../../src/domain/market/market-entry.ts';
import { legalDocumentSchema } from '../../src/domain/site/legal-document.ts';
import { newsletterSchema } from '../../src/domain/editorial/newsletter.ts';
import { PLAN_LIMITS } from '../../src/domain/items/plan-limits.ts';
import { pageContentSchema } from '../../src/domain/site/page-content.ts';
import { productServiceSchema } from '../../src/domain/items/product-service.ts';
import { idSchema } from '../../src/domain/shared/common.ts';
import { catalogueSourceRecordSchema } from '../../src/domain/catalogue/add-book.ts';
import { followSchema } from '../../src/domain/follows/follows.ts';
import { authorUpdateSchema } from '../../src/domain/updates/author-update.ts';
import { profileSchema } from '../../src/domain/accounts/profile.ts';
import { countedRating, reviewSchema } from '../../src/domain/reviews/review.ts';
import { customShelfBookSchema, customShelfSchema } from '../../src/domain/shelves/custom-shelf.ts';
import { shelfEntrySchema, shelfSettingsSchema } from '../../src/domain/shelves/shelf.ts';
import {
  readThroughSchema,
  readingStatsSchema,
  readingYearSchema,
} from '../../src/domain/shelves/reading.ts';
import { importPendingReviewSchema, readingImportSchema } from '../../src/domain/imports/reading-import.ts';
import { siteSettingsSchema } from '../../src/domain/site/site-settings.ts';
import { parseDoc, toWriteData } from '../../src/data/firestore-convert.ts';
import type { SeedDoc } from './context.ts';

const SCHEMAS: Record<CollectionName, z.ZodType> = {
  profiles: profileSchema,
  products_services: productServiceSchema,
  classified_ads: classifiedAdSchema,
  blog_posts: blogPostSchema,
  newsletters: newsletterSchema,
  page_content: pageContentSchema,
  legal_documents: legalDocumentSchema,
  advertisement_banners: advertisementBannerSchema,
  site_settings: siteSettingsSchema,
  featured_profiles: featuredProfileSchema,
  books: bookSchema,
  featured_books: featuredBookSchema,
  market_listings: marketEntrySchema,
  book_reviews: reviewSchema,
  book_shelves: shelfEntrySchema,
  shelf_settings: shelfSettingsSchema.extend({ id: idSchema }),
  read_throughs: readThroughSchema,
  reading_years: readingYearSchema,
  reading_stats: readingStatsSchema,
  custom_shelves: customShelfSchema,
  custom_shelf_books: customShelfBookSchema,
  // A follow's schema has no id field: the id is the document's name (followId).
  follows: followSchema.extend({ id: idSchema }),
  // A report's schema has no id field either: the id is reportId's hash.
  reports: reportSchema.extend({ id: idSchema }),
  author_updates: authorUpdateSchema,
  isbn_claims: isbnClaimSchema,
  catalogue_sources: catalogueSourceRecordSchema,
  author_claims: authorClaimSchema,
  catalogue_authors: catalogueAuthorSchema,
  series_claims: seriesClaimSchema,
  reading_imports: readingImportSchema,
  import_pending_reviews: importPendingReviewSchema,
  librarians: librarianSchema,
};

/** Parses each document with its collection's schema and returns the write data (defaults applied); throws on the first invalid one. */
export function validateDocs(docs: readonly SeedDoc[]): SeedDoc[] {
  return docs.map((doc): SeedDoc => {
    // books/{id} holds two kinds: a catalogue book has its own schema (catalogue-book.ts).
    const schema =
      doc.collection === 'books' && bookKindOf(doc.data) === 'catalogue'
        ? catalogueBookSchema
        : SCHEMAS[doc.collection];
    const entity = parseDoc(schema, doc.id, doc.data, doc.collection) as { id: string };
    if (!doc.private) return { ...doc, data: toWriteData(entity) as Record<string, unknown> };
    const names = Object.keys(doc.private);
    // A profile's billing record, which must decide the plan the profile shows.
    if (doc.collection === 'profiles' && names.every((name) => name === BILLING_DOC)) {
      const record = billingRecordSchema.parse(doc.private[BILLING_DOC]);
      if (planOf(record).status !== doc.data.subscription_status)
        throw new Error(`profiles/${doc.id}: the billing record does not decide its plan`);
      return {
        ...doc,
        data: toWriteData(entity) as Record<string, unknown>,
        private: { [BILLING_DOC]: record },
      };
    }
    // Otherwise only an ad's contact details are seeded as a private subdocument.
    if (doc.collection !== 'classified_ads' || names.some((name) => name !== AD_CONTACT_PATH.doc)) {
      throw new Error(`${doc.collection}/${doc.id}: unexpected private documents ${names.join(', ')}`);
    }
    const contact = adContactSchema.parse(doc.private[AD_CONTACT_PATH.doc]);
    return {
      ...doc,
      data: toWriteData(entity) as Record<string, unknown>,
      private: { [AD_CONTACT_PATH.doc]: contact },
    };
  });
}

/** Checks what no single schema can: unique ids and slugs, and references that point at real documents. */
export function checkReferences(docs: readonly SeedDoc[]): void {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const doc of docs) {
    const key = `${doc.collection}/${doc.id}`;
    if (ids.has(key)) problems.push(`duplicate document ${key}`);
    ids.add(key);
  }
  const of = (collection: CollectionName) => docs.filter((d) => d.collection === collection);
  const profiles = new Map(of('profiles').map((d) => [d.id, d.data]));
  const books = new Map(of('books').map((d) => [d.id, d.data]));

  const slugs = new Set<unknown>();
  for (const [id, profile] of profiles) {
    if (slugs.has(profile.page_slug))
      problems.push(`profiles/${id}: page_slug ${String(profile.page_slug)} is not unique`);
    slugs.add(profile.page_slug);
  }
  const listed = (doc: SeedDoc) => doc.collection !== 'books' || bookKindOf(doc.data) === 'listed';
  for (const collection of ['books', 'products_services', 'classified_ads'] as const) {
    for (const doc of of(collection).filter(listed)) {
      if (!profiles.has(String(doc.data.user_id)))
        problems.push(`${collection}/${doc.id}: owner ${String(doc.data.user_id)} has no profile`);
    }
  }
  for (const [uid, profile] of profiles) {
    const owned = (collection: CollectionName) => of(collection).filter((d) => d.data.user_id === uid);
    const activeBooks = owned('books').filter((d) => d.data.is_active).length;
    const followers = of('follows').filter((d) => d.data.author_uid === uid).length;
    if ((profile.follower_count ?? 0) !== followers)
      problems.push(
        `profiles/${uid}: follower_count ${String(profile.follower_count)} but ${followers} follows`,
      );
    if (profile.book_count !== activeBooks)
      problems.push(
        `profiles/${uid}: book_count ${String(profile.book_count)} but ${activeBooks} active books`,
      );
    if (profile.subscription_status === 'free') {
      for (const kind of ['books', 'products_services'] as const) {
        if (owned(kind).length > PLAN_LIMITS.free[kind])
          problems.push(`profiles/${uid}: free plan with ${owned(kind).length} ${kind}`);
      }
    }
  }
  for (const [uid, profile] of profiles) {
    // The profileDirectoryFields trigger would rewrite stale fields; the seed must already agree with it.
    if (!sameDirectoryFields(profile, directoryFields(profile as DirectorySource)))
      problems.push(`profiles/${uid}: directory fields differ from directoryFields()`);
  }
  for (const doc of of('books')) {
    // A catalogue book has no owner: it names the member who added it, and is in no listing.
    if (!listed(doc)) {
      if (!profiles.has(String(doc.data.added_by)))
        problems.push(`books/${doc.id}: added by ${String(doc.data.added_by)}, who has no profile`);
      continue;
    }
    // The books trigger would rewrite stale listing fields; the seed must already agree with it.
    if (!sameListingFields(doc.data, listingFieldsOf(doc.data as ListingSource)))
      problems.push(`books/${doc.id}: listing fields differ from listingFieldsOf()`);
    // So would the bookVisibility triggers.
    const owner = profiles.get(String(doc.data.user_id));
    const visibility = bookVisibilityFields(
      doc.data.is_active !== false,
      isOwnerPublic(owner as OwnerVisibility | undefined),
      doc.data.moderation_hidden === true,
    );
    if (!sameVisibilityFields(doc.data, visibility))
      problems.push(`books/${doc.id}: visibility fields differ from bookVisibilityFields()`);
  }
  // Each book's rating totals are what saveReview would have kept from its shown
  // reviews (a held review is in none, and never shown).
  const totals = new Map<string, { rating_count: number; rating_sum: number }>();
  for (const doc of of('book_reviews')) {
    const book = books.get(String(doc.data.book_id));
    if (!book) problems.push(`book_reviews/${doc.id}: book ${String(doc.data.book_id)} does not exist`);
    if (!profiles.has(String(doc.data.user_id)))
      problems.push(`book_reviews/${doc.id}: reviewer ${String(doc.data.user_id)} has no profile`);
    if (book?.user_id === doc.data.user_id)
      problems.push(`book_reviews/${doc.id}: a review of one's own book`);
    if (doc.data.moderation === 'held' && doc.data.reviewer_public !== false)
      problems.push(`book_reviews/${doc.id}: a held review is shown`);
    if (!isReadableBook(book) && doc.data.reviewer_public !== false)
      problems.push(`book_reviews/${doc.id}: a review of a book that is not public is shown`);
    if (countedRating(doc.data) === null) continue;
    const sum = totals.get(String(doc.data.book_id)) ?? { rating_count: 0, rating_sum: 0 };
    totals.set(String(doc.data.book_id), {
      rating_count: sum.rating_count + 1,
      rating_sum: sum.rating_sum + Number(doc.data.rating),
    });
  }
  // Shelf entries name an existing readable book (a public listing or an active catalogue book) and a member with a profile, under the id setShelf builds.
  for (const doc of of('book_shelves')) {
    if (!isReadableBook(books.get(String(doc.data.book_id))))
      problems.push(`book_shelves/${doc.id}: book ${String(doc.data.book_id)} is not a public book`);
    if (!profiles.has(String(doc.data.user_id)))
      problems.push(`book_shelves/${doc.id}: member ${String(doc.data.user_id)} has no profile`);
    if (doc.id !== `${String(doc.data.book_id)}__${String(doc.data.user_id)}`)
      problems.push(`book_shelves/${doc.id}: id is not {bookId}__{uid}`);
    if (doc.data.book_public !== isReadableBook(books.get(String(doc.data.book_id))))
      problems.push(`book_shelves/${doc.id}: book_public differs from its book`);
  }
  // And their feel totals (book-feel.ts) are the shown reviews' answers, as saveReview keeps them.
  const feels = new Map<string, FeelTotals>();
  for (const doc of of('book_reviews')) {
    const id = String(doc.data.book_id);
    feels.set(id, applyFeelChange(feels.get(id) ?? emptyFeelTotals(), null, countedFeel(doc.data)));
  }
  for (const [id, book] of books) {
    const expected = totals.get(id) ?? { rating_count: 0, rating_sum: 0 };
    if (book.rating_count !== expected.rating_count || book.rating_sum !== expected.rating_sum)
      problems.push(`books/${id}: rating totals differ from its reviews`);
    const feel = feels.get(id) ?? emptyFeelTotals();
    if (JSON.stringify(feelTotalsOf(book.feel_totals)) !== JSON.stringify(feel))
      problems.push(`books/${id}: feel totals differ from its reviews`);
  }
  // A shelved or rated catalogue book carries the mark setShelf and saveReview write (readersMarkOf).
  const read = new Set([...of('book_shelves'), ...of('book_reviews')].map((doc) => String(doc.data.book_id)));
  for (const id of read)
    if (readersMarkOf(books.get(id)))
      problems.push(`books/${id}: a catalogue book members shelved or rated is not marked has_readers`);
  // An update is its author's, and a book it is about is one of theirs under the title it names.
  for (const doc of of('author_updates')) {
    if (!profiles.has(String(doc.data.user_id)))
      problems.push(`author_updates/${doc.id}: author ${String(doc.data.user_id)} has no profile`);
    const about = doc.data.book as { id: string; title: string } | null | undefined;
    if (!about) continue;
    const book = books.get(about.id);
    if (!book || book.user_id !== doc.data.user_id)
      problems.push(`author_updates/${doc.id}: book ${about.id} is not its author's`);
    else if (book.title !== about.title)
      problems.push(`author_updates/${doc.id}: book title differs from books/${about.id}`);
  }
  for (const doc of of('featured_profiles')) {
    const profile = profiles.get(String(doc.data.user_id));
    if (!profile?.is_active || profile.approval_status !== 'approved')
      problems.push(`featured_profiles/${doc.id}: not an active approved member`);
    if (doc.id !== String(doc.data.position))
      problems.push(`featured_profiles/${doc.id}: id is not its position`);
  }
  for (const doc of of('featured_books')) {
    if (!books.get(String(doc.data.book_id))?.is_active)
      problems.push(`featured_books/${doc.id}: not an active book`);
    if (doc.id !== String(doc.data.position))
      problems.push(`featured_books/${doc.id}: id is not its position`);
  }
  // An ISBN names one book: each book carrying one holds its claim, and each claim names such a book.
  const claims = new Map(of('isbn_claims').map((d) => [d.id, d.data]));
  for (const [id, book] of books) {
    if (typeof book.isbn !== 'string') continue;
    const claim = claims.get(book.isbn);
    if (claim?.book_id !== id)
      problems.push(`books/${id}: ISBN ${book.isbn} is claimed by ${String(claim?.book_id ?? 'no book')}`);
  }
  for (const [isbn, claim] of claims) {
    const book = books.get(String(claim.book_id));
    // A catalogue book holds every edition's ISBN, with no owner.
    const carried =
      book !== undefined &&
      claimHolds(isbn, claim as { book_id: string }, {
        isbn: book.isbn as string | null,
        editionIsbns: Array.isArray(book.editions)
          ? book.editions.map((e: { isbn?: string | null }) => e.isbn ?? '')
          : [],
      });
    if (!carried || (book.user_id ?? null) !== claim.user_id)
      problems.push(`isbn_claims/${isbn}: book ${String(claim.book_id)} does not carry it`);
  }
  // A series belongs to one author: each series a book names has its claim, held by an author with a book in it.
  const seriesClaims = new Map(of('series_claims').map((d) => [d.id, d.data]));
  const seriesAuthors = new Map<string, Set<unknown>>();
  for (const book of books.values()) {
    if (typeof book.series_slug !== 'string' || book.series_slug === '') continue;
    seriesAuthors.set(book.series_slug, (seriesAuthors.get(book.series_slug) ?? new Set()).add(book.user_id));
  }
  for (const slug of seriesAuthors.keys())
    if (!seriesClaims.has(slug)) problems.push(`books: series ${slug} has no claim`);
  for (const [slug, claim] of seriesClaims)
    if (!seriesAuthors.get(slug)?.has(claim.user_id))
      problems.push(`series_claims/${slug}: ${String(claim.user_id)} has no book in it`);
  if (problems.length > 0) throw new Error(`Seed data is inconsistent:\n  ${problems.join('\n  ')}`);
}
