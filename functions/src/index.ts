// Entry point of the Cloud Functions bundle (scripts/build-functions.mjs).
//
// A Cloud Functions instance serves one function: Cloud Run functions and the
// emulator name it in FUNCTION_TARGET ('saveBook', 'onWrite.books') and read only that
// export. So each export here is a getter that loads its function's modules when it
// is first read: an instance of saveBook never loads Stripe, Typesense, nodemailer or
// the Firestore trigger SDK, which took about 40 % of every cold start's CPU (1.45 s
// against 0.85 s on this machine) and, on the emulator, of each of the ~140 workers a
// test run starts. The CLI, which reads every export to learn the functions at deploy
// and emulator start, still loads them all. esbuild bundles each required module as a
// lazily initialised one, so nothing runs before its getter does.
//
// The names and modules must be those of functions.ts (the typed list the tests and
// the callables table check): the Loaders type refuses a missing, extra or retyped one.
/* eslint-disable @typescript-eslint/no-require-imports -- lazy loading is the point of this file */

type Functions = typeof import('./functions');
type Loaders = { [Name in keyof Functions]: () => Functions[Name] };

const loaders: Loaders = {
  onWrite: () => (require('./triggers/triggers') as typeof import('./triggers/triggers')).onWrite,
  retryTriggerHandler: () =>
    (require('./triggers/triggers') as typeof import('./triggers/triggers')).retryTriggerHandler,
  publishSite: () =>
    (require('./publish/publish-functions') as typeof import('./publish/publish-functions')).publishSite,
  requestPublish: () =>
    (require('./publish/publish-functions') as typeof import('./publish/publish-functions')).requestPublish,
  publishHourly: () =>
    (require('./publish/publish-functions') as typeof import('./publish/publish-functions')).publishHourly,
  publishNotification: () =>
    (require('./publish/netlify-notification') as typeof import('./publish/netlify-notification'))
      .publishNotification,
  spotlightDaily: () =>
    (require('./publish/spotlight-daily') as typeof import('./publish/spotlight-daily')).spotlightDaily,
  signUp: () => (require('./accounts/sign-up') as typeof import('./accounts/sign-up')).signUp,
  resendVerificationEmail: () =>
    (require('./accounts/resend-verification') as typeof import('./accounts/resend-verification'))
      .resendVerificationEmail,
  blockClientSignUp: () =>
    (require('./accounts/block-client-sign-up') as typeof import('./accounts/block-client-sign-up'))
      .blockClientSignUp,
  saveProfile: () =>
    (require('./members/save-profile') as typeof import('./members/save-profile')).saveProfile,
  ensureProfile: () =>
    (require('./accounts/ensure-profile') as typeof import('./accounts/ensure-profile')).ensureProfile,
  deleteAccount: () =>
    (require('./members/delete-account') as typeof import('./members/delete-account')).deleteAccount,
  finishAccountDeletions: () =>
    (require('./members/delete-account') as typeof import('./members/delete-account')).finishAccountDeletions,
  authUserDeleted: () =>
    (require('./members/auth-user-deleted') as typeof import('./members/auth-user-deleted')).authUserDeleted,
  removeOrphanUploadsHourly: () =>
    (require('./media/orphan-uploads') as typeof import('./media/orphan-uploads')).removeOrphanUploadsHourly,
  newsletterAudience: () =>
    (require('./editorial/newsletter-functions') as typeof import('./editorial/newsletter-functions'))
      .newsletterAudience,
  sendNewsletter: () =>
    (require('./editorial/newsletter-functions') as typeof import('./editorial/newsletter-functions'))
      .sendNewsletter,
  deliverNewsletterBatch: () =>
    (require('./editorial/newsletter-functions') as typeof import('./editorial/newsletter-functions'))
      .deliverNewsletterBatch,
  newsletterUnsubscribe: () =>
    (require('./editorial/newsletter-functions') as typeof import('./editorial/newsletter-functions'))
      .newsletterUnsubscribe,
  newsletterSubscribersCsv: () =>
    (require('./editorial/newsletter-functions') as typeof import('./editorial/newsletter-functions'))
      .newsletterSubscribersCsv,
  adminUserManagement: () => (require('./admin/users') as typeof import('./admin/users')).adminUserManagement,
  requestPasswordReset: () =>
    (require('./accounts/password-reset') as typeof import('./accounts/password-reset')).requestPasswordReset,
  deliverPasswordReset: () =>
    (require('./accounts/password-reset') as typeof import('./accounts/password-reset')).deliverPasswordReset,
  requestEmailChange: () =>
    (require('./accounts/email-change') as typeof import('./accounts/email-change')).requestEmailChange,
  deliverEmailChange: () =>
    (require('./accounts/email-change') as typeof import('./accounts/email-change')).deliverEmailChange,
  confirmEmailCode: () =>
    (require('./accounts/email-confirmation') as typeof import('./accounts/email-confirmation'))
      .confirmEmailCode,
  changePassword: () =>
    (require('./accounts/password-change') as typeof import('./accounts/password-change')).changePassword,
  secondFactor: () =>
    (require('./accounts/second-factor') as typeof import('./accounts/second-factor')).secondFactor,
  completePasswordReset: () =>
    (require('./accounts/password-reset-completion') as typeof import('./accounts/password-reset-completion'))
      .completePasswordReset,
  accountOverview: () =>
    (require('./members/account-settings') as typeof import('./members/account-settings')).accountOverview,
  signOutEverywhere: () =>
    (require('./members/account-settings') as typeof import('./members/account-settings')).signOutEverywhere,
  exportMemberData: () =>
    (require('./members/export-data') as typeof import('./members/export-data')).exportMemberData,
  saveBook: () => (require('./kinds/item-kinds') as typeof import('./kinds/item-kinds')).saveBook,
  deleteBook: () => (require('./kinds/item-kinds') as typeof import('./kinds/item-kinds')).deleteBook,
  saveProductService: () =>
    (require('./kinds/item-kinds') as typeof import('./kinds/item-kinds')).saveProductService,
  deleteProductService: () =>
    (require('./kinds/item-kinds') as typeof import('./kinds/item-kinds')).deleteProductService,
  saveClassifiedAd: () =>
    (require('./kinds/item-kinds') as typeof import('./kinds/item-kinds')).saveClassifiedAd,
  deleteClassifiedAd: () =>
    (require('./kinds/item-kinds') as typeof import('./kinds/item-kinds')).deleteClassifiedAd,
  adminFeatured: () => (require('./admin/featured') as typeof import('./admin/featured')).adminFeatured,
  adminModeration: () =>
    (require('./admin/moderation') as typeof import('./admin/moderation')).adminModeration,
  adminHeldReviews: () =>
    (require('./admin/held-reviews') as typeof import('./admin/held-reviews')).adminHeldReviews,
  adminHeldItems: () => (require('./admin/held-items') as typeof import('./admin/held-items')).adminHeldItems,
  releaseExpiredHoldsHourly: () =>
    (require('./admin/held-items') as typeof import('./admin/held-items')).releaseExpiredHoldsHourly,
  adminIsbnClaims: () =>
    (require('./admin/isbn-claims') as typeof import('./admin/isbn-claims')).adminIsbnClaims,
  adminOpsAlerts: () => (require('./admin/ops-alerts') as typeof import('./admin/ops-alerts')).adminOpsAlerts,
  adminLibrarians: () =>
    (require('./admin/librarians') as typeof import('./admin/librarians')).adminLibrarians,
  curateCatalogue: () =>
    (require('./admin/catalogue-curation') as typeof import('./admin/catalogue-curation')).curateCatalogue,
  adminSiteSettings: () =>
    (require('./admin/site-settings') as typeof import('./admin/site-settings')).adminSiteSettings,
  adminContent: () => (require('./admin/content') as typeof import('./admin/content')).adminContent,
  contactSeller: () =>
    (require('./market/contact-seller') as typeof import('./market/contact-seller')).contactSeller,
  saveReview: () => (require('./reviews/save-review') as typeof import('./reviews/save-review')).saveReview,
  deleteReview: () =>
    (require('./reviews/save-review') as typeof import('./reviews/save-review')).deleteReview,
  postAuthorUpdate: () =>
    (require('./updates/author-updates') as typeof import('./updates/author-updates')).postAuthorUpdate,
  deleteAuthorUpdate: () =>
    (require('./updates/author-updates') as typeof import('./updates/author-updates')).deleteAuthorUpdate,
  setShelf: () => (require('./shelves/set-shelf') as typeof import('./shelves/set-shelf')).setShelf,
  startReadingImport: () =>
    (require('./imports/start-import') as typeof import('./imports/start-import')).startReadingImport,
  addReadingImportRows: () =>
    (require('./imports/add-import-rows') as typeof import('./imports/add-import-rows')).addReadingImportRows,
  processReadingImport: () =>
    (require('./imports/process-import') as typeof import('./imports/process-import')).processReadingImport,
  settleImportedReviews: () =>
    (require('./imports/settle-imported-reviews') as typeof import('./imports/settle-imported-reviews'))
      .settleImportedReviews,
  exportReading: () =>
    (require('./imports/reading-export') as typeof import('./imports/reading-export')).exportReading,
  findBooks: () => (require('./catalogue/find-books') as typeof import('./catalogue/find-books')).findBooks,
  addCatalogueBook: () =>
    (require('./catalogue/add-book') as typeof import('./catalogue/add-book')).addCatalogueBook,
  addBookByHand: () =>
    (require('./catalogue/add-book') as typeof import('./catalogue/add-book')).addBookByHand,
  authorClaim: () => (require('./books/author-claims') as typeof import('./books/author-claims')).authorClaim,
  adminAuthorClaims: () =>
    (require('./books/author-claims') as typeof import('./books/author-claims')).adminAuthorClaims,
  editClaimedBook: () =>
    (require('./books/claimed-book-edit') as typeof import('./books/claimed-book-edit')).editClaimedBook,
  editCustomShelf: () =>
    (require('./shelves/custom-shelves') as typeof import('./shelves/custom-shelves')).editCustomShelf,
  placeOnCustomShelf: () =>
    (require('./shelves/custom-shelves') as typeof import('./shelves/custom-shelves')).placeOnCustomShelf,
  updateReading: () => (require('./shelves/reading') as typeof import('./shelves/reading')).updateReading,
  setReadingGoal: () => (require('./shelves/reading') as typeof import('./shelves/reading')).setReadingGoal,
  mailDeliveryStatus: () =>
    (require('./accounts/mail-delivery') as typeof import('./accounts/mail-delivery')).mailDeliveryStatus,
  requestMailReconfirm: () =>
    (require('./accounts/mail-delivery') as typeof import('./accounts/mail-delivery')).requestMailReconfirm,
  confirmMailDelivery: () =>
    (require('./accounts/mail-delivery') as typeof import('./accounts/mail-delivery')).confirmMailDelivery,
  adminMailFigures: () =>
    (require('./admin/mail-figures') as typeof import('./admin/mail-figures')).adminMailFigures,
  mailWebhook: () =>
    (require('./mail/delivery-webhook') as typeof import('./mail/delivery-webhook')).mailWebhook,
  stripeWebhook: () => (require('./billing/webhook') as typeof import('./billing/webhook')).stripeWebhook,
  startCheckout: () => (require('./billing/checkout') as typeof import('./billing/checkout')).startCheckout,
  openBillingPortal: () =>
    (require('./billing/checkout') as typeof import('./billing/checkout')).openBillingPortal,
  endBillingGraces: () => (require('./billing/grace') as typeof import('./billing/grace')).endBillingGraces,
  memberAnalytics: () =>
    (require('./members/member-analytics') as typeof import('./members/member-analytics')).memberAnalytics,
  searchSnapshot: () =>
    (require('./search/search-snapshot') as typeof import('./search/search-snapshot')).searchSnapshot,
  searchTypesense: () =>
    (require('./search/search-typesense') as typeof import('./search/search-typesense')).searchTypesense,
  mailOptInConfirmation: () =>
    (require('./accounts/confirmation-mail') as typeof import('./accounts/confirmation-mail'))
      .mailOptInConfirmation,
  updateFollow: () =>
    (require('./follows/update-follow') as typeof import('./follows/update-follow')).updateFollow,
  followerCountOnCreate: () =>
    (require('./members/follow-counts') as typeof import('./members/follow-counts')).followerCountOnCreate,
  followerCountOnDelete: () =>
    (require('./members/follow-counts') as typeof import('./members/follow-counts')).followerCountOnDelete,
  deliverReleaseAlerts: () =>
    (require('./follows/follow-functions') as typeof import('./follows/follow-functions'))
      .deliverReleaseAlerts,
  outNowAlerts: () =>
    (require('./follows/follow-functions') as typeof import('./follows/follow-functions')).outNowAlerts,
  weeklyFollowDigest: () =>
    (require('./follows/follow-functions') as typeof import('./follows/follow-functions')).weeklyFollowDigest,
  followUnsubscribe: () =>
    (require('./follows/follow-functions') as typeof import('./follows/follow-functions')).followUnsubscribe,
  deliverUpdateMail: () =>
    (require('./follows/update-mail-functions') as typeof import('./follows/update-mail-functions'))
      .deliverUpdateMail,
};

// The bench's Firestore read and write meter (FIRESTORE_OP_METER=1 only).
(require('./shared/op-meter') as typeof import('./shared/op-meter')).installOpMeterFromEnv();

for (const name of Object.keys(loaders) as (keyof Functions)[]) {
  let value: unknown;
  let loaded = false;
  Object.defineProperty(exports, name, {
    enumerable: true,
    get: () => {
      if (!loaded) {
        value = loaders[name]();
        loaded = true;
      }
      return value;
    },
  });
}
