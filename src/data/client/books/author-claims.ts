/**
 * Claims of catalogue author pages (src/domain/books/author-claim.ts), through the
 * authorClaim callable (members), adminAuthorClaims (the admin dashboard's queue)
 * and editClaimedBook (the claimant's changes to a claimed book). Loaded lazily.
 */
import type {
  AdminAuthorClaimsResponse,
  AuthorClaimStatusResponse,
} from '../../../domain/books/author-claim.ts';
import type { ClaimedBookFields } from '../../../domain/books/claimed-book-edit.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** The signed-in member's standing on the author page `slug`. */
export function authorClaimStatus(slug: string): Promise<CallOutcome<AuthorClaimStatusResponse>> {
  return callFunction('authorClaim', { action: 'status', slug });
}

/** Files the member's claim of `slug` with an optional note for the admin. */
export function requestAuthorClaim(
  slug: string,
  message: string,
): Promise<CallOutcome<AuthorClaimStatusResponse>> {
  return callFunction('authorClaim', { action: 'request', slug, message });
}

/** The pending claims (admins). */
export function pendingAuthorClaims(): Promise<CallOutcome<AdminAuthorClaimsResponse>> {
  return callFunction('adminAuthorClaims', { action: 'list' });
}

/** Approves a claim (admins): the page and its books become the member's. */
export function approveAuthorClaim(claimId: string): Promise<CallOutcome<AdminAuthorClaimsResponse>> {
  return callFunction('adminAuthorClaims', { action: 'approve', claimId });
}

/** Rejects a claim with the reason the member will see (admins). */
export function rejectAuthorClaim(
  claimId: string,
  reason: string,
): Promise<CallOutcome<AdminAuthorClaimsResponse>> {
  return callFunction('adminAuthorClaims', { action: 'reject', claimId, reason });
}

/** Saves the claimant's purchase links and corrections of a claimed catalogue book. */
export function editClaimedBook(
  bookId: string,
  fields: ClaimedBookFields,
): Promise<CallOutcome<{ id: string; changed: string[] }>> {
  return callFunction('editClaimedBook', { bookId, fields });
}
