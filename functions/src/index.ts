// Entry point of the Cloud Functions bundle (see scripts/build-functions.mjs).
export { bookCount, bookCountOnProfileCreate } from './book-count';
export { authorSnapshot, bookAuthor } from './author-snapshot';
export { profileDirectoryFields } from './profile-directory-fields';
export { bookListingFields } from './book-listing-fields';
export { publishOnChange, publishSite, requestPublish, publishHourly } from './publish/publish-functions';
export { purgeProfileCache, purgeBookCache } from './publish/cache-purge';
export { publishNotification } from './publish/netlify-notification';
export { signUp } from './accounts/sign-up';
export { approvalEmail } from './accounts/approval-email';
export { resendVerificationEmail } from './accounts/resend-verification';
export { blockClientSignUp } from './accounts/block-client-sign-up';
export { saveProfile } from './profiles/save-profile';
export { ensureProfile } from './accounts/ensure-profile';
export { deleteAccount, finishAccountDeletions } from './accounts/delete-account';
export { adminUserManagement } from './admin/users';
export { marketIndexBooks, marketIndexProducts, marketIndexAds, marketIndexOwner } from './market/market-index';
export { contactSeller } from './market/contact-seller';
