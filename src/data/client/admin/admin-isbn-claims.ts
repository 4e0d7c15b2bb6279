/**
 * The ISBN claims for the admin dashboard's Book Management section, through the
 * adminIsbnClaims callable (the function reads the claim and its books, moves a
 * claim and writes its audit entry). Loaded lazily.
 */
import type { AdminIsbnClaimsResponse } from '../../../domain/admin/admin-isbn-claims.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** The book holding an ISBN (as typed: ISBN-10 or -13), and other books still carrying it. */
export function lookUpIsbn(isbn: string): Promise<CallOutcome<AdminIsbnClaimsResponse>> {
  return callFunction('adminIsbnClaims', { action: 'lookup', isbn });
}

/** Moves an ISBN's claim to the book `bookId` (whose ISBN it becomes; the book that held it loses it). */
export function moveIsbnClaim(isbn: string, bookId: string): Promise<CallOutcome<AdminIsbnClaimsResponse>> {
  return callFunction('adminIsbnClaims', { action: 'move', isbn, bookId });
}
