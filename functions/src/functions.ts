// Every function the Cloud Functions bundle exports, by name and module. The bundle's
// entry (index.ts) loads each of them only when it is first asked for; this list is
// what the type checks below and the tests read.
import type { CallableName, CallableResponse } from '../../src/domain/callables';
import type { GuardedCallable } from './shared/guard';

export { onWrite, retryTriggerHandler } from './triggers/triggers';
export { publishSite, requestPublish, publishHourly } from './publish/publish-functions';
export { publishNotification } from './publish/netlify-notification';
export { spotlightDaily } from './publish/spotlight-daily';
export { signUp } from './accounts/sign-up';
export { resendVerificationEmail } from './accounts/resend-verification';
export { blockClientSignUp } from './accounts/block-client-sign-up';
export { saveProfile } from './members/save-profile';
export { ensureProfile } from './accounts/ensure-profile';
export { deleteAccount, finishAccountDeletions } from './members/delete-account';
export { authUserDeleted } from './members/auth-user-deleted';
export { removeOrphanUploadsHourly } from './media/orphan-uploads';
export {
  newsletterAudience,
  sendNewsletter,
  deliverNewsletterBatch,
  newsletterUnsubscribe,
  newsletterSubscribersCsv,
} from './editorial/newsletter-functions';
export { adminUserManagement } from './admin/users';
export { requestPasswordReset, deliverPasswordReset } from './accounts/password-reset';
export { requestEmailChange, deliverEmailChange } from './accounts/email-change';
export { confirmEmailCode } from './accounts/email-confirmation';
export { changePassword } from './accounts/password-change';
export { secondFactor } from './accounts/second-factor';
export { completePasswordReset } from './accounts/password-reset-completion';
export { accountOverview, signOutEverywhere } from './members/account-settings';
export { exportMemberData } from './members/export-data';
export {
  saveBook,
  deleteBook,
  saveProductService,
  deleteProductService,
  saveClassifiedAd,
  deleteClassifiedAd,
} from './kinds/item-kinds';
export { adminFeatured } from './admin/featured';
export { adminModeration } from './admin/moderation';
export { adminHeldReviews } from './admin/held-reviews';
export { adminHeldItems, releaseExpiredHoldsHourly } from './admin/held-items';
export { adminIsbnClaims } from './admin/isbn-claims';
export { adminLibrarians } from './admin/librarians';
export { adminOpsAlerts } from './admin/ops-alerts';
export { curateCatalogue } from './admin/catalogue-curation';
export { adminSiteSettings } from './admin/site-settings';
export { adminContent } from './admin/content';
export { contactSeller } from './market/contact-seller';
export { saveReview, deleteReview } from './reviews/save-review';
export { setShelf } from './shelves/set-shelf';
export { editCustomShelf, placeOnCustomShelf } from './shelves/custom-shelves';
export { updateReading, setReadingGoal } from './shelves/reading';
export { postAuthorUpdate, deleteAuthorUpdate } from './updates/author-updates';
export { exportReading } from './imports/reading-export';
export { findBooks } from './catalogue/find-books';
export { addCatalogueBook, addBookByHand } from './catalogue/add-book';
export { authorClaim, adminAuthorClaims } from './books/author-claims';
export { editClaimedBook } from './books/claimed-book-edit';
export { startReadingImport } from './imports/start-import';
export { addReadingImportRows } from './imports/add-import-rows';
export { processReadingImport } from './imports/process-import';
export { settleImportedReviews } from './imports/settle-imported-reviews';
export { stripeWebhook } from './billing/webhook';
export { mailWebhook } from './mail/delivery-webhook';
export { adminMailFigures } from './admin/mail-figures';
export { mailDeliveryStatus, requestMailReconfirm, confirmMailDelivery } from './accounts/mail-delivery';
export { startCheckout, openBillingPortal } from './billing/checkout';
export { endBillingGraces } from './billing/grace';
export { memberAnalytics } from './members/member-analytics';
export { searchSnapshot } from './search/search-snapshot';
export { searchTypesense } from './search/search-typesense';
export { mailOptInConfirmation } from './accounts/confirmation-mail';
export { updateFollow } from './follows/update-follow';
export { followerCountOnCreate, followerCountOnDelete } from './members/follow-counts';
export {
  deliverReleaseAlerts,
  outNowAlerts,
  weeklyFollowDigest,
  followUnsubscribe,
} from './follows/follow-functions';
export { deliverUpdateMail } from './follows/update-mail-functions';

// The callables exported here are exactly those of src/domain/callables.ts, each
// answering what the table says: a renamed, missing or retyped callable fails
// `tsc -p functions` with its name in the message (the site compiles against the
// same table).
type Exported = typeof import('./functions');
type ExportedCallable = {
  [K in keyof Exported]: Exported[K] extends GuardedCallable<unknown> ? K : never;
}[keyof Exported];
type Unlisted = Exclude<ExportedCallable, CallableName> | Exclude<CallableName, ExportedCallable>;
type Mistyped = {
  [N in CallableName]: N extends keyof Exported
    ? Exported[N] extends GuardedCallable<CallableResponse<N>>
      ? never
      : N
    : never;
}[CallableName];
type MustBeNever<T extends never> = T;
/** Never: otherwise names a callable exported without a table entry, or a table entry not exported. */
export type CallablesOutsideTable = MustBeNever<Unlisted>;
/** Never: otherwise names a callable whose answer is not the table's. */
export type CallablesMistyped = MustBeNever<Mistyped>;
