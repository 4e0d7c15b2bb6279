/**
 * Every callable Cloud Function by name, with what the browser sends and what
 * the function answers: the one contract both sides compile against.
 *
 * - The site calls them through `callFunction(name, request)`
 *   (src/data/client/shared/callable.ts), which takes its types from this table.
 * - functions/src/functions.ts checks that it exports exactly these names and that
 *   each function's answer is the one written here.
 *
 * So renaming, adding or retyping a callable is one edit here, and any side left
 * behind fails the type check. A request type is what a well-behaved browser
 * sends; the functions still treat `request.data` as untrusted and parse it with
 * the zod schema named beside it.
 */
import type { z } from 'zod';
import type {
  emailChangeRequestSchema,
  emailConfirmationRequestSchema,
  memberTargetSchema,
  passwordChangeRequestSchema,
  passwordResetCompletionSchema,
  passwordResetRequestSchema,
} from './accounts/account.ts';
import type { SecondFactorRequest, SecondFactorResponse } from './accounts/second-factor.ts';
import type { AdminContentRequest } from './admin/admin-content.ts';
import type { AdminOpsAlertsRequest, AdminOpsAlertsResponse } from './shared/ops-alerts.ts';
import type { AdminFeaturedRequest, AdminFeaturedResult } from './admin/admin-featured.ts';
import type { AdminHeldReviewsRequest, AdminHeldReviewsResponse } from './admin/admin-held-reviews.ts';
import type { AdminHeldItemsRequest, AdminHeldItemsResponse } from './admin/admin-held-items.ts';
import type { AdminIsbnClaimsRequest, AdminIsbnClaimsResponse } from './admin/admin-isbn-claims.ts';
import type {
  AdminLibrariansRequest,
  AdminLibrariansResponse,
  CurateCatalogueRequest,
  CurateCatalogueResponse,
} from './admin/catalogue-curation.ts';
import type {
  AdminAuthorClaimsRequest,
  AdminAuthorClaimsResponse,
  AuthorClaimRequest,
  AuthorClaimStatusResponse,
} from './books/author-claim.ts';
import type { EditClaimedBookRequest } from './books/claimed-book-edit.ts';
import type { AdminModerationRequest, AdminModerationResponse } from './admin/moderation.ts';
import type { AdminSiteSettingsRequest } from './admin/admin-site-settings.ts';
import type { AdminUsersInput, AdminUsersResults } from './admin/admin-users.ts';
import type { SaveItemResponse, deleteItemRequestSchema } from './items/item-save.ts';
import type {
  SaveBookRequest,
  SaveClassifiedAdRequest,
  SaveProductServiceRequest,
} from './kinds/item-kinds.ts';
import type { FollowRequest, FollowResult } from './follows/follows.ts';
import type {
  PostAuthorUpdateRequest,
  PostAuthorUpdateResponse,
  deleteAuthorUpdateRequestSchema,
} from './updates/author-update.ts';
import type { MemberExport } from './accounts/member-export.ts';
import type { DeliveryNotice } from './mail/suppression.ts';
import type { BatchKind, MailFigures } from './mail/delivery-figures.ts';
import type { MemberAnalytics } from './members/member-stats.ts';
import type {
  SaveProfileRequest,
  SaveProfileResponse,
  deleteAccountRequestSchema,
  ensureProfileResponseSchema,
} from './accounts/profile-edit.ts';
import type { AccountPlan, CheckoutRequest } from './billing/billing.ts';
import type { SellerMessageRequest } from './market/seller-message.ts';
import type { SignupRequest } from './accounts/signup.ts';
import type { SaveReviewRequest, SaveReviewResponse, deleteReviewRequestSchema } from './reviews/review.ts';
import type {
  EditCustomShelfRequest,
  EditCustomShelfResponse,
  PlaceOnCustomShelfRequest,
  PlaceOnCustomShelfResponse,
} from './shelves/custom-shelf.ts';
import type { SetShelfRequest, Shelf } from './shelves/shelf.ts';
import type {
  AddBookByHandInput,
  AddBookResult,
  AddCatalogueBookRequest,
  FindBooksRequest,
  FindBooksResult,
} from './catalogue/add-book.ts';
import type { ReadingExport, ReadingExportRequest } from './imports/reading-export.ts';
import type {
  AddReadingImportRowsRequest,
  AddReadingImportRowsResponse,
  SettleImportedReviewsRequest,
  SettleImportedReviewsResponse,
  StartReadingImportRequest,
  StartReadingImportResponse,
} from './imports/reading-import.ts';
import type {
  SetReadingGoalRequest,
  SetReadingGoalResponse,
  UpdateReadingRequest,
  UpdateReadingResponse,
} from './shelves/reading.ts';

/** What signUp answers. */
export interface SignUpResult {
  /** The new member's Firebase Auth uid (= profiles/{uid}). */
  uid: string;
  /** The page slug the member got: /profile/{page_slug}. */
  page_slug: string;
}

/** What /account shows about a member's sign-in (accountOverview). */
export interface AccountOverview {
  /** The member's uid. */
  uid: string;
  /** Auth's display name (the profile's is the page's). */
  displayName: string;
  /** The sign-in address. */
  email: string;
  /** True once the address was confirmed. */
  emailVerified: boolean;
  /** When the current address was confirmed (ISO), when recorded. */
  emailVerifiedAt: string | null;
  /** A new address waiting for its confirmation, if any. */
  pendingEmail: string | null;
  /** The member's plan, from the server-only billing record (accountPlanOf). */
  plan: AccountPlan;
  /** The /account tools behind an early-access switch that this member may use now (canUseFeature). */
  features: { reading_import: boolean; reading_export: boolean; reviews: boolean };
}

/** What requestPasswordReset answers, whatever the address: the same message. */
export interface PasswordResetResult {
  /** RESET_REQUESTED_MESSAGE. */
  message: string;
}

/** What requestEmailChange answers, the same whether or not the new address is taken. */
export interface EmailChangeResult {
  /** The address the confirmation goes to (lower-cased). */
  newEmail: string;
}

/** What confirmEmailCode answers. */
export interface EmailConfirmationResult {
  /** True when the code moved the account to a new address (every session then ended). */
  changed: boolean;
}

/** What mailDeliveryStatus answers: whether mail to the member's own address is stopped, why and since when. */
export interface MailDeliveryStatus {
  /** Null while mail goes out. */
  notice: DeliveryNotice | null;
}

/** What requestMailReconfirm answers: the proving mail sent, or nothing to prove. */
export interface MailReconfirmResult {
  /** What happened. */
  status: 'sent' | 'not-suppressed';
}

/** What adminMailFigures answers: the delivery figures by kind of bulk mail and by recent newsletter. */
export interface AdminMailFiguresResponse {
  /** Every kind, in BATCH_KINDS' order. */
  kinds: { kind: BatchKind; label: string; figures: MailFigures }[];
  /** The latest sent newsletters, newest first. */
  newsletters: { id: string; title: string; sentAt: number; figures: MailFigures }[];
}

/** What resendVerificationEmail answers: 'sent', or 'already-verified' when there is nothing to verify. */
export interface ResendVerificationResult {
  /** What happened. */
  status: 'sent' | 'already-verified';
}

/** What sendNewsletter answers. */
export interface NewsletterSendResult {
  /** How many members the newsletter goes to. */
  recipientCount: number;
  /** True when this newsletter had already been sent to that group (nothing was sent again). */
  alreadySent: boolean;
}

/** What startCheckout and openBillingPortal answer: the Stripe page to send the member to. */
export interface BillingSession {
  url: string;
}

/** An answer that only says the step is done. */
type Done = { status: 'done' };
/** A callable that takes no data. */
type NoData = Record<string, never> | null;

/** Each callable: its `request` (what the browser sends) and `response` (what it answers). */
export interface Callables {
  // Accounts
  signUp: { request: SignupRequest; response: SignUpResult };
  ensureProfile: { request: NoData; response: z.infer<typeof ensureProfileResponseSchema> };
  resendVerificationEmail: { request: NoData; response: ResendVerificationResult };
  mailDeliveryStatus: { request: NoData; response: MailDeliveryStatus };
  adminMailFigures: { request: NoData; response: AdminMailFiguresResponse };
  requestMailReconfirm: { request: NoData; response: MailReconfirmResult };
  requestPasswordReset: {
    request: z.input<typeof passwordResetRequestSchema>;
    response: PasswordResetResult;
  };
  completePasswordReset: { request: z.input<typeof passwordResetCompletionSchema>; response: Done };
  confirmEmailCode: {
    request: z.input<typeof emailConfirmationRequestSchema>;
    response: EmailConfirmationResult;
  };
  changePassword: { request: z.input<typeof passwordChangeRequestSchema>; response: Done };
  // The admin second factor (set up, enter a code, recovery codes, turn off, reset)
  secondFactor: { request: SecondFactorRequest; response: SecondFactorResponse };
  requestEmailChange: { request: z.input<typeof emailChangeRequestSchema>; response: EmailChangeResult };
  accountOverview: { request: z.input<typeof memberTargetSchema>; response: AccountOverview };
  signOutEverywhere: { request: NoData; response: Done };
  exportMemberData: { request: z.input<typeof memberTargetSchema>; response: MemberExport };
  deleteAccount: { request: z.input<typeof deleteAccountRequestSchema>; response: { deleted: true } };
  // A member's page and items
  saveProfile: { request: SaveProfileRequest; response: SaveProfileResponse };
  saveBook: { request: SaveBookRequest; response: SaveItemResponse };
  deleteBook: { request: z.input<typeof deleteItemRequestSchema>; response: { id: string } };
  saveProductService: { request: SaveProductServiceRequest; response: SaveItemResponse };
  deleteProductService: { request: z.input<typeof deleteItemRequestSchema>; response: { id: string } };
  saveClassifiedAd: { request: SaveClassifiedAdRequest; response: SaveItemResponse };
  deleteClassifiedAd: { request: z.input<typeof deleteItemRequestSchema>; response: { id: string } };
  contactSeller: { request: SellerMessageRequest; response: { status: 'sent' } };
  // Ratings and reviews
  saveReview: { request: SaveReviewRequest; response: SaveReviewResponse };
  deleteReview: { request: z.input<typeof deleteReviewRequestSchema>; response: { id: string } };
  setShelf: { request: SetShelfRequest; response: { shelf: Shelf | null; owned: boolean } };
  editCustomShelf: { request: EditCustomShelfRequest; response: EditCustomShelfResponse };
  placeOnCustomShelf: { request: PlaceOnCustomShelfRequest; response: PlaceOnCustomShelfResponse };
  updateReading: { request: UpdateReadingRequest; response: UpdateReadingResponse };
  setReadingGoal: { request: SetReadingGoalRequest; response: SetReadingGoalResponse };
  exportReading: { request: ReadingExportRequest; response: ReadingExport };
  startReadingImport: { request: StartReadingImportRequest; response: StartReadingImportResponse };
  addReadingImportRows: { request: AddReadingImportRowsRequest; response: AddReadingImportRowsResponse };
  settleImportedReviews: { request: SettleImportedReviewsRequest; response: SettleImportedReviewsResponse };
  // The open catalogue ("Add a book")
  findBooks: { request: FindBooksRequest; response: FindBooksResult };
  addCatalogueBook: { request: AddCatalogueBookRequest; response: AddBookResult };
  addBookByHand: { request: AddBookByHandInput; response: AddBookResult };
  authorClaim: { request: AuthorClaimRequest; response: AuthorClaimStatusResponse };
  editClaimedBook: { request: EditClaimedBookRequest; response: { id: string; changed: string[] } };
  // Author updates to followers
  postAuthorUpdate: { request: PostAuthorUpdateRequest; response: PostAuthorUpdateResponse };
  deleteAuthorUpdate: { request: z.input<typeof deleteAuthorUpdateRequestSchema>; response: { id: string } };
  // Premium
  startCheckout: { request: CheckoutRequest; response: BillingSession };
  openBillingPortal: { request: NoData; response: BillingSession };
  memberAnalytics: { request: z.input<typeof memberTargetSchema>; response: MemberAnalytics };
  updateFollow: { request: FollowRequest; response: FollowResult };
  // The admin dashboard
  // One entry for all its actions; src/data/client/admin/admin-users.ts narrows the answer to the action.
  adminUserManagement: {
    request: AdminUsersInput<keyof AdminUsersResults>;
    response: AdminUsersResults[keyof AdminUsersResults];
  };
  adminFeatured: { request: AdminFeaturedRequest; response: AdminFeaturedResult };
  adminModeration: { request: AdminModerationRequest; response: AdminModerationResponse };
  adminHeldReviews: { request: AdminHeldReviewsRequest; response: AdminHeldReviewsResponse };
  adminHeldItems: { request: AdminHeldItemsRequest; response: AdminHeldItemsResponse };
  adminIsbnClaims: { request: AdminIsbnClaimsRequest; response: AdminIsbnClaimsResponse };
  adminLibrarians: { request: AdminLibrariansRequest; response: AdminLibrariansResponse };
  adminOpsAlerts: { request: AdminOpsAlertsRequest; response: AdminOpsAlertsResponse };
  // Librarians' and admins' tools for catalogue books; src/data/client/admin/catalogue-curation.ts narrows the answer.
  curateCatalogue: { request: CurateCatalogueRequest; response: CurateCatalogueResponse };
  adminAuthorClaims: { request: AdminAuthorClaimsRequest; response: AdminAuthorClaimsResponse };
  adminSiteSettings: { request: AdminSiteSettingsRequest; response: Record<string, unknown> };
  adminContent: { request: AdminContentRequest; response: Record<string, unknown> };
  newsletterAudience: { request: NoData; response: { counts: Record<string, number> } };
  sendNewsletter: { request: { newsletterId: string; group: string }; response: NewsletterSendResult };
  newsletterSubscribersCsv: { request: NoData; response: { csv: string; count: number } };
  requestPublish: { request: NoData; response: { scheduled: boolean } };
}

/** The name of a callable function. */
export type CallableName = keyof Callables;
/** What the browser sends to callable `N`. */
export type CallableRequest<N extends CallableName> = Callables[N]['request'];
/** What callable `N` answers. */
export type CallableResponse<N extends CallableName> = Callables[N]['response'];
