// Authors claiming their author pages (src/domain/books/author-claim.ts).
//
// authorClaim (members): the caller's standing on a page, or a new pending claim of
// it; one claim per member per page (its id is the slug and the uid), a page already
// claimed cannot be claimed again, and claims are throttled per member.
// adminAuthorClaims (admins): the pending queue, and approve or reject with a
// reason. Approval, in one transaction, writes catalogue_authors/{slug} and the
// claim's decision with an audit entry; then the author's catalogue books are
// stamped with `claimed_by` (idempotent: approving an approved claim again stamps
// again, so a stamping cut short is finished by a second click), and the member is
// mailed the decision (author-claim-mail.ts). Books added later
// are stamped where catalogue books are stored (functions/src/catalogue/store-book.ts).
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentSnapshot, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import {
  AUTHOR_CLAIM_LIMITS_PER_MEMBER,
  AUTHOR_CLAIM_MESSAGES,
  AUTHOR_CLAIM_QUEUE_LIMIT,
  adminAuthorClaimsRequestSchema,
  authorClaimId,
  authorClaimRequestSchema,
  canClaimAuthorPages,
  type AdminAuthorClaimsResponse,
  type AuthorClaimStatus,
  type AuthorClaimStatusResponse,
  type PendingAuthorClaim,
} from '../../../src/domain/books/author-claim';
import { authorSlug } from '../../../src/domain/books/catalogue-book';
import { COLLECTIONS } from '../../../src/domain/shared/collections';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { consumeAttempt } from '../accounts/throttle';
import { auditInTransaction } from '../shared/audit';
import { purgeCacheTags } from '../shared/cache-purge';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { db, millisOf } from '../shared/firestore';
import { guardedCall, type Caller } from '../shared/guard';
import { mailClaimDecision, type ClaimDecision } from './author-claim-mail';

/** Books stamped per batch when a claim is approved, and most books of one author stamped. */
const STAMP_BATCH = 400;
const STAMP_LIMIT = 2_000;

/** The claim document of `uid` on `slug`. */
export function authorClaimRef(firestore: Firestore, slug: string, uid: string) {
  return firestore.collection(COLLECTIONS.authorClaims).doc(authorClaimId(slug, uid));
}

/** Who holds the author page `slug` (absent: nobody). */
export function catalogueAuthorRef(firestore: Firestore, slug: string) {
  return firestore.collection(COLLECTIONS.catalogueAuthors).doc(slug);
}

/** The books naming `slug` among their authors (at most `limit`; only catalogue books carry author_slugs). */
function authorBooks(firestore: Firestore, slug: string, limit: number) {
  return firestore.collection(COLLECTIONS.books).where('author_slugs', 'array-contains', slug).limit(limit);
}

/** The author's name as one of their books spells it, or null when no catalogue book names the slug. */
function authorNameIn(books: readonly DocumentSnapshot[], slug: string): string | null {
  for (const book of books) {
    const authors: unknown = book.get('authors');
    if (!Array.isArray(authors)) continue;
    for (const author of authors as { name?: unknown }[])
      if (typeof author?.name === 'string' && authorSlug(author.name) === slug) return author.name;
  }
  return null;
}

/** The caller's standing on `slug`. */
async function statusOf(
  firestore: Firestore,
  caller: Caller,
  slug: string,
): Promise<AuthorClaimStatusResponse> {
  const [claim, holder] = await firestore.getAll(
    authorClaimRef(firestore, slug, caller.uid),
    catalogueAuthorRef(firestore, slug),
  );
  const status = claim!.get('status') as AuthorClaimStatus | undefined;
  return {
    eligible: canClaimAuthorPages(caller.profile.data() ?? {}),
    claim:
      claim!.exists && status ? { status, reason: (claim!.get('reason') as string | null) ?? null } : null,
    claimed: holder!.exists,
  };
}

/** Files `caller`'s claim of `slug` with `message`, or refuses (see the file comment). */
async function fileClaim(firestore: Firestore, caller: Caller, slug: string, message: string): Promise<void> {
  const profile = caller.profile.data() ?? {};
  if (!canClaimAuthorPages(profile))
    throw new HttpsError('permission-denied', AUTHOR_CLAIM_MESSAGES.notEligible);
  await consumeAttempt(
    firestore,
    [{ kind: 'author-claim', value: caller.uid, limits: AUTHOR_CLAIM_LIMITS_PER_MEMBER }],
    AUTHOR_CLAIM_MESSAGES.throttled,
  );
  await firestore.runTransaction(async (tx) => {
    const claimRef = authorClaimRef(firestore, slug, caller.uid);
    const [claim, holder] = await tx.getAll(claimRef, catalogueAuthorRef(firestore, slug));
    const books = await tx.get(authorBooks(firestore, slug, 5));
    const name = authorNameIn(books.docs, slug);
    if (!name) throw new HttpsError('not-found', AUTHOR_CLAIM_MESSAGES.noSuchAuthor);
    if (holder!.exists)
      throw new HttpsError(
        'already-exists',
        holder!.get('claimed_by') === caller.uid
          ? AUTHOR_CLAIM_MESSAGES.yoursAlready
          : AUTHOR_CLAIM_MESSAGES.alreadyClaimed,
      );
    if (claim!.get('status') === 'pending')
      throw new HttpsError('already-exists', AUTHOR_CLAIM_MESSAGES.pending);
    // A rejected claim may be filed again (with better evidence): it replaces the old one.
    tx.set(claimRef, {
      slug,
      author_name: name,
      user_id: caller.uid,
      member_name: typeof profile.display_name === 'string' ? profile.display_name : '',
      status: 'pending',
      message,
      reason: null,
      created_at: Timestamp.now(),
      decided_at: null,
      decided_by: null,
    });
  });
}

/**
 * A member's claim of an author page. Request: authorClaimRequestSchema; answers
 * AuthorClaimStatusResponse (after a request, the new standing). Errors:
 * unauthenticated / permission-denied (not a member; not a Book Author or
 * Publisher); invalid-argument; not-found (no catalogue book names the author);
 * already-exists (claimed, or the caller's claim is pending); resource-exhausted.
 */
export const authorClaim = guardedCall(
  'member',
  async (request, caller): Promise<AuthorClaimStatusResponse> => {
    const parsed = authorClaimRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    try {
      if (data.action === 'request') {
        await fileClaim(db(), caller, data.slug, data.message);
        logger.info('authorClaim: filed', { slug: data.slug, by: caller.uid });
      }
      return await statusOf(db(), caller, data.slug);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('authorClaim failed', { action: data.action, error });
      throw new HttpsError('internal', AUTHOR_CLAIM_MESSAGES.failed);
    }
  },
);

/** The oldest pending claims (status, created_at: firestore.indexes.json), so a long queue shows the longest waiting first. */
async function pendingClaims(firestore: Firestore): Promise<AdminAuthorClaimsResponse> {
  const snap = await firestore
    .collection(COLLECTIONS.authorClaims)
    .where('status', '==', 'pending')
    .orderBy('created_at')
    .limit(AUTHOR_CLAIM_QUEUE_LIMIT)
    .get();
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const pending: PendingAuthorClaim[] = snap.docs
    .map((doc) => ({
      id: doc.id,
      slug: text(doc.get('slug')),
      authorName: text(doc.get('author_name')),
      userId: text(doc.get('user_id')),
      memberName: text(doc.get('member_name')),
      message: text(doc.get('message')),
      createdAt: new Date(millisOf(doc.get('created_at')) ?? 0).toISOString(),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { pending };
}

/**
 * Stamps `claimed_by: uid` on the catalogue books of `slug` that no one claimed yet
 * (a book by two claimed authors keeps its first claimant). An author page lists at
 * most a few hundred books, so one bounded read is enough.
 */
export async function stampClaimedBooks(firestore: Firestore, slug: string, uid: string): Promise<number> {
  const snap = await authorBooks(firestore, slug, STAMP_LIMIT).get();
  const todo = snap.docs.filter((doc) => doc.get('kind') === 'catalogue' && !doc.get('claimed_by'));
  for (let start = 0; start < todo.length; start += STAMP_BATCH) {
    const batch = firestore.batch();
    for (const book of todo.slice(start, start + STAMP_BATCH)) batch.update(book.ref, { claimed_by: uid });
    await batch.commit();
  }
  return todo.length;
}

/**
 * Releases everything `uid` claimed, when their account is deleted: their claims,
 * the author pages they hold (free to be claimed again) and `claimed_by` on those
 * pages' books. The books and their readers stay: they are the catalogue's.
 */
export async function releaseMemberClaims(firestore: Firestore, uid: string): Promise<void> {
  const [claims, pages, books] = await Promise.all([
    firestore.collection(COLLECTIONS.authorClaims).where('user_id', '==', uid).get(),
    firestore.collection(COLLECTIONS.catalogueAuthors).where('claimed_by', '==', uid).get(),
    firestore.collection(COLLECTIONS.books).where('claimed_by', '==', uid).get(),
  ]);
  const writes = [
    ...claims.docs.map((doc) => (batch: WriteBatch) => batch.delete(doc.ref)),
    ...pages.docs.map((doc) => (batch: WriteBatch) => batch.delete(doc.ref)),
    ...books.docs.map((doc) => (batch: WriteBatch) => batch.update(doc.ref, { claimed_by: null })),
  ];
  for (let start = 0; start < writes.length; start += STAMP_BATCH) {
    const batch = firestore.batch();
    for (const write of writes.slice(start, start + STAMP_BATCH)) write(batch);
    await batch.commit();
  }
}

/** Approves or rejects the claim `claimId` for the admin `actorUid`. */
async function decide(
  firestore: Firestore,
  actorUid: string,
  claimId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  const ref = firestore.collection(COLLECTIONS.authorClaims).doc(claimId);
  const outcome = await firestore.runTransaction(async (tx) => {
    const claim = await tx.get(ref);
    if (!claim.exists) throw new HttpsError('not-found', AUTHOR_CLAIM_MESSAGES.claimNotFound);
    const slug = String(claim.get('slug'));
    const uid = String(claim.get('user_id'));
    const holderRef = catalogueAuthorRef(firestore, slug);
    const [holder, member] = await tx.getAll(holderRef, firestore.collection('profiles').doc(uid));
    const status: unknown = claim.get('status');
    // Approving again what is approved re-runs the stamping below, nothing else.
    if (decision.approve && status === 'approved' && holder!.get('claimed_by') === uid)
      return { slug, uid, decided: null };
    if (status !== 'pending') throw new HttpsError('failed-precondition', AUTHOR_CLAIM_MESSAGES.notPending);
    if (decision.approve && holder!.exists)
      throw new HttpsError('already-exists', AUTHOR_CLAIM_MESSAGES.alreadyClaimed);
    // The member's standing now, not when they claimed: a deactivated member gets no page.
    if (decision.approve && !canClaimAuthorPages(member!.data() ?? {}))
      throw new HttpsError('failed-precondition', AUTHOR_CLAIM_MESSAGES.memberNotEligible);
    const now = Timestamp.now();
    if (decision.approve)
      tx.create(holderRef, { name: claim.get('author_name') ?? slug, claimed_by: uid, claimed_at: now });
    tx.update(ref, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : decision.reason,
      decided_at: now,
      decided_by: actorUid,
    });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: decision.approve ? 'author-claim-approve' : 'author-claim-reject',
      targetUid: uid,
      before: { claim: claimId, slug, status },
      after: {
        claim: claimId,
        slug,
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
      },
    });
    const decided: ClaimDecision = {
      uid,
      slug,
      authorName: String(claim.get('author_name') ?? slug),
      approved: decision.approve,
      reason: decision.approve ? null : decision.reason,
    };
    return { slug, uid, decided };
  });
  if (decision.approve) {
    await stampClaimedBooks(firestore, outcome.slug, outcome.uid);
    // The member's profile lists their claimed books: its cached page shows them now, not at its expiry.
    await purgeCacheTags([profileCacheTag(outcome.uid)]);
  }
  // Told once: only the call that decided it has a decision to tell.
  if (outcome.decided) await mailClaimDecision(firestore, outcome.decided);
}

/**
 * The admin dashboard's author claims, for admins only. Request:
 * adminAuthorClaimsRequestSchema; answers AdminAuthorClaimsResponse (the queue as it
 * stands after the action). Errors: unauthenticated / permission-denied;
 * invalid-argument (the reason's message); not-found (no such claim);
 * failed-precondition (already decided); already-exists (the page is claimed).
 */
export const adminAuthorClaims = guardedCall(
  'admin',
  async (request, caller): Promise<AdminAuthorClaimsResponse> => {
    const parsed = adminAuthorClaimsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    try {
      if (data.action === 'approve') await decide(db(), caller.uid, data.claimId, { approve: true });
      if (data.action === 'reject')
        await decide(db(), caller.uid, data.claimId, { approve: false, reason: data.reason });
      if (data.action !== 'list')
        logger.info('adminAuthorClaims', { action: data.action, claim: data.claimId });
      return await pendingClaims(db());
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminAuthorClaims failed', { action: data.action, error });
      throw new HttpsError('internal', 'The action failed. Please try again.');
    }
  },
);
