/** Firestore collection names, exactly as the spec names the tables. */
export const COLLECTIONS = {
  profiles: 'profiles',
  books: 'books',
  productsServices: 'products_services',
  classifiedAds: 'classified_ads',
  blogPosts: 'blog_posts',
  newsletters: 'newsletters',
  pageContent: 'page_content',
  legalDocuments: 'legal_documents',
  advertisementBanners: 'advertisement_banners',
  siteSettings: 'site_settings',
  featuredProfiles: 'featured_profiles',
  featuredBooks: 'featured_books',
  /** Ratings and reviews (review.ts), written by the review functions and the seed. */
  bookReviews: 'book_reviews',
  /** Shelves (shelf.ts), written by the setShelf function and the seed. */
  bookShelves: 'book_shelves',
  /** Members' shelf privacy choice (shelf.ts), written by the member and the seed. */
  shelfSettings: 'shelf_settings',
  /** Members' own named shelves (custom-shelf.ts), written by the editCustomShelf function, the importer and the seed. */
  customShelves: 'custom_shelves',
  /** Books on members' own shelves (custom-shelf.ts), written by the placeOnCustomShelf function, the importer and the seed. */
  customShelfBooks: 'custom_shelf_books',
  /** Read-throughs (reading.ts), written by the setShelf and updateReading functions and the seed. */
  readThroughs: 'read_throughs',
  /** Members' yearly goals and finished counts (reading.ts), written by the reading functions and the seed. */
  readingYears: 'reading_years',
  /** The community's finished count per year, in shards (reading.ts), written by the reading functions and the seed. */
  readingStats: 'reading_stats',
  /** The market index (market-entry.ts), written by triggers and the seed. */
  marketListings: 'market_listings',
  /** Readers following authors (follows.ts). */
  follows: 'follows',
  /** Reports of items (report.ts), written by POST /api/report and the seed. */
  reports: 'reports',
  /** Authors' updates to their followers (author-update.ts), written by the update functions and the seed. */
  authorUpdates: 'author_updates',
  /** Which book each ISBN names (isbn-claim.ts), written by the book saves and deletes, adminIsbnClaims, the backfill and the seed. */
  isbnClaims: 'isbn_claims',
  /** Which catalogue book each outside catalogue's work became (functions/src/catalogue/find-books.ts), written by addCatalogueBook. */
  catalogueSources: 'catalogue_sources',
  /** Members' claims of catalogue author pages (author-claim.ts), written by authorClaim and adminAuthorClaims. */
  authorClaims: 'author_claims',
  /** Who holds each claimed author page (author-claim.ts), written by adminAuthorClaims. */
  catalogueAuthors: 'catalogue_authors',
  /** Whose series each series address is (series-claim.ts), written by the book saves, the backfill and the seed. */
  seriesClaims: 'series_claims',
  /** Members an admin made librarians (catalogue-curation.ts), written by the adminLibrarians function and the seed. */
  librarians: 'librarians',
  /** Members' imports of their reading history (reading-import.ts), written by the import functions and the seed. */
  readingImports: 'reading_imports',
  /** Imported ratings waiting for their member (reading-import.ts), written by the import functions and the seed. */
  importPendingReviews: 'import_pending_reviews',
} as const;

/**
 * The one Site Settings document, `site_settings/main`. Several areas own a field of it
 * (billing the early-access switches, mail the brand), so its address sits below them all.
 */
export const SITE_SETTINGS_DOC_ID = 'main';

/** One of the collection names above. */
export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** The audit log: one document per admin action, written only by functions. */
export const ADMIN_AUDIT_COLLECTION = 'admin_audit_log';
