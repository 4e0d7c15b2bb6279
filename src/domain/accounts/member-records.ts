/**
 * Documents the site keeps about a member outside their profile and listings,
 * found through the member's uid. The data file exports the uid-keyed documents,
 * and deleting the account removes all of them.
 */

/** Collections holding at most one document per member, with the member's uid as its id. */
export const MEMBER_KEYED_COLLECTIONS = [
  /** The newsletter choice ({ unsubscribed, updated_at }); no document means subscribed. */
  'newsletter_preferences',
  /** When the member last created a book, a product or an update (serialises creations under the plan limit), and the record of updates they posted (author_update_posts). */
  'plan_locks',
  /** Whether the member's shelves are private ({ private, updated_at }, shelf.ts); no document means shown. */
  'shelf_settings',
] as const;

/**
 * Throttle kinds counted per member uid (throttles/{kind}-{hash of the uid}),
 * removed with the account: requestEmailChange, resendVerificationEmail,
 * contactSeller, updateFollow, setShelf, exportReading, startReadingImport, findBooks, addCatalogueBook and addBookByHand count these. A callable that starts counting a new kind per uid
 * adds it here. They hold only recent attempt times, so the data file leaves
 * them out. (contactSeller's per-ad count is keyed by a hash of uid and ad id,
 * which cannot be found from the uid; it expires with its window.)
 */
export const MEMBER_THROTTLE_KINDS = [
  'email-change',
  'resend-verification',
  'seller-message',
  'follow-member',
  'shelf-member',
  'reading-export',
  'reading-import',
  'catalogue-member',
  'author-claim',
] as const;
