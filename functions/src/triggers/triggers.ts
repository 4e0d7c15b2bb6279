// Every Firestore document trigger of the functions, one per collection (see
// collection-trigger.ts), with its handlers in the order they run. A handler that
// writes derived fields to the changed document itself comes first, so the rest see
// the document as it now is.
//
// Some triggers stay their own functions because they need settings or events of their own:
// - followerCountOnCreate and followerCountOnDelete (members/follow-counts.ts): the
//   only work on follows, and only when one comes or goes (updates wake nothing);
// - mailOptInConfirmation (accounts/confirmation-mail.ts): the only work on opt-in
//   requests, and it sends mail;
// - searchTypesense (search/search-typesense.ts): feeds the search server one change
//   at a time (maxInstances 1, concurrency 1), so changes arrive in order.
import { PRERENDERED_COLLECTIONS, type PrerenderedCollection } from '../../../src/domain/publish/publish';
import { approvalEmail } from '../accounts/approval-email';
import { bookCount, bookCountOnProfileCreate } from '../books/book-count';
import { bookDerivedFields, booksOfMember } from '../books/book-derived';
import { bookReleaseAlerts } from '../follows/follow-functions';
import { updateMailOnPost } from '../follows/update-mail-functions';
import { unmatchedReadsOnPublish } from '../imports/kept-rows';
import {
  marketIndexAds,
  marketIndexBooks,
  marketIndexOwner,
  marketIndexProducts,
} from '../market/market-index';
import { editorialSlug } from '../editorial/newsletter-functions';
import { profileDirectoryFields } from '../members/profile-directory-fields';
import { purgeAdCache, purgeBookCache, purgeProductCache, purgeProfileCache } from '../publish/cache-purge';
import { publishOnChange } from '../publish/publish-functions';
import { publishAlerts } from '../publish/publish-alerts';
import { opsAlertMail } from '../admin/ops-alerts';
import { bookReaders } from '../reviews/book-readers';
import { removeReviewsOfDeletedBook, reviewVisibilityOwner } from '../reviews/save-review';
import {
  searchAds,
  searchBlogPosts,
  searchBooks,
  searchNewsletters,
  searchProducts,
  searchProfiles,
} from '../search/search-changes';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { getFunctions } from 'firebase-admin/functions';
import { z } from 'zod';
import { db } from '../shared/firestore';
import { collectionTrigger, type Handler } from '../shared/collection-trigger';
import { bookKindOf } from '../../../src/domain/accounts/visibility';
import { RETRY_ATTEMPTS, RETRY_TASK, keepFailedHandler, runKeptHandler } from './handler-retries';
import { catalogueCover } from '../catalogue/catalogue-cover';

/** `handler`, passing by the changes of a catalogue book (src/domain/books/catalogue-book.ts). */
export function listedBooksOnly(handler: Handler): Handler {
  return {
    ...handler,
    async run(change) {
      if (bookKindOf(change.after ?? change.before) === 'catalogue') return { skipped: 'catalogue book' };
      return handler.run(change);
    },
  };
}

/** Each watched collection's handlers, in the order they run. */
export const COLLECTION_HANDLERS = {
  // Owner, plan, marketplace and release-alert handlers concern members' listings only.
  books: [
    listedBooksOnly(bookDerivedFields),
    listedBooksOnly(bookCount),
    listedBooksOnly(marketIndexBooks),
    searchBooks,
    purgeBookCache,
    listedBooksOnly(bookReleaseAlerts),
    catalogueCover,
    bookReaders,
    removeReviewsOfDeletedBook,
    unmatchedReadsOnPublish,
  ],
  profiles: [
    profileDirectoryFields,
    bookCountOnProfileCreate,
    booksOfMember,
    reviewVisibilityOwner,
    marketIndexOwner,
    searchProfiles,
    purgeProfileCache,
    approvalEmail,
  ],
  products_services: [marketIndexProducts, searchProducts, purgeProductCache],
  classified_ads: [marketIndexAds, searchAds, purgeAdCache],
  // A posted update is mailed to the author's instant followers (the callables purge the profile's cache).
  author_updates: [updateMailOnPost],
  // The rebuild's status: its failures and successes count towards its alert.
  site_meta: [publishAlerts],
  // A newly opened alert mails the admins once.
  ops_alerts: [opsAlertMail],
  blog_posts: [editorialSlug('blog_posts'), searchBlogPosts, publishOnChange('blog_posts')],
  newsletters: [editorialSlug('newsletters'), searchNewsletters, publishOnChange('newsletters')],
  // The other pre-rendered collections: a write schedules a rebuild.
  ...(Object.fromEntries(
    PRERENDERED_COLLECTIONS.filter((c) => c !== 'blog_posts' && c !== 'newsletters').map((c) => [
      c,
      [publishOnChange(c)],
    ]),
  ) as Record<Exclude<PrerenderedCollection, 'blog_posts' | 'newsletters'>, Handler[]>),
} satisfies Record<string, readonly Handler[]>;

/** 'products_services' → 'productsServices': names in a group of functions may not contain '_'. */
export function groupKey(collection: string): string {
  return collection.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The handler `name` of `collection`'s trigger, if it still exists. */
export function handlerOf(collection: string, name: string): Handler | undefined {
  const handlers = (COLLECTION_HANDLERS as Record<string, readonly Handler[]>)[collection];
  return handlers?.find((handler) => handler.name === name);
}

/** A failed handler's record and, for a retry handler, its retry on the queue (handler-retries.ts). */
const onHandlerFailure = keepFailedHandler(db, (id) =>
  getFunctions().taskQueue(RETRY_TASK).enqueue({ id }, { dispatchDeadlineSeconds: 540 }),
);

/** The triggers, deployed as the group onWrite: onWrite-books, onWrite-profiles, onWrite-productsServices… */
export const onWrite = Object.fromEntries(
  Object.entries(COLLECTION_HANDLERS).map(([collection, handlers]) => [
    groupKey(collection),
    collectionTrigger(collection, handlers, onHandlerFailure),
  ]),
);

const retryTaskSchema = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

/** Runs one kept handler again (handler-retries.ts); a failure is retried by the queue with backoff. */
export const retryTriggerHandler = onTaskDispatched(
  {
    retryConfig: { maxAttempts: RETRY_ATTEMPTS, minBackoffSeconds: 30, maxBackoffSeconds: 3600 },
    rateLimits: { maxConcurrentDispatches: 4 },
    timeoutSeconds: 540,
  },
  async (request) => {
    const { id } = retryTaskSchema.parse(request.data);
    await runKeptHandler(db(), id, handlerOf, request.retryCount + 1 >= RETRY_ATTEMPTS);
  },
);
