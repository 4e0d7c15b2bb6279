import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  SAVE_PROFILE_MESSAGES,
  saveProfileRequestSchema,
  type ParsedSaveProfileRequest,
  type SaveProfileResponse,
} from '../../../src/domain/members/profile-edit';
import {
  adminClaimChange,
  changedFields,
  describeIssue,
  isPathSafeId,
  nextUpdatedAt,
  profileImageVerdict,
  repeatedBookIds,
  replacedUploadOf,
  sameUpdatedAt,
} from '../../../src/domain/members/profile-save';
import { bookWriteSchema } from '../../../src/domain/books/book';
import { seriesIssue } from '../../../src/domain/books/catalogue';
import { displayNameProblem } from '../../../src/domain/accounts/signup';
import type { ProfileRole, SubscriptionStatus } from '../../../src/domain/members/profile';
import { chunk, db, MAX_IN_VALUES, millisOf } from '../shared/firestore';
import { setAdminClaim } from '../accounts/admin-claim';
import { guardedCall, revokeSessions, sessionStampNow } from '../shared/guard';
import { changeEndsSessions, SESSION_STAMP_FIELD } from '../../../src/domain/accounts/caller-standing';
import { planPageSlugChange } from '../accounts/page-slug';
import { assertWithinPlanLimit } from '../items/plan-limit';
import { removeUploadFolder } from '../media/media';
import { staleDerivedFields } from '../books/book-derived';
import { claimIsbnsInTransaction } from '../books/isbn-claims';
import { claimSeriesInTransaction, seriesChangeOf } from '../books/series-claims';
import { wantedFields } from './profile-directory-fields';
import { sameDirectoryFields } from '../../../src/domain/members/directory';

/** The message for a profile that does not exist (the editor first calls ensureProfile for the member's own). */
export const PROFILE_NOT_FOUND_MESSAGE = 'Profile not found';

/** Who is saving. */
interface Caller {
  uid: string;
  admin: boolean;
  emailVerified: boolean;
}

/** What the transaction decided, for the work done after it commits. */
interface Committed {
  response: SaveProfileResponse;
  /** Set or clear the admin claim of the profile's member. */
  adminClaim: boolean | undefined;
  /** An upload folder of the member the save stopped using. */
  oldUpload: string | null;
  /** The save demoted or deactivated the member: revoke their refresh tokens (the stamp is in the commit). */
  endSessions: boolean;
}

/** The request, validated; 'invalid-argument' names the first bad field. */
export function parseSaveRequest(data: unknown): ParsedSaveProfileRequest {
  const parsed = saveProfileRequestSchema.safeParse(data);
  if (!parsed.success) throw new HttpsError('invalid-argument', describeIssue(parsed.error));
  const request = parsed.data;
  if (!isPathSafeId(request.userId)) throw new HttpsError('invalid-argument', 'UserId: not a user id');
  const nameProblem =
    request.profile.display_name === undefined ? null : displayNameProblem(request.profile.display_name);
  if (nameProblem !== null) throw new HttpsError('invalid-argument', `Display name: ${nameProblem}`);
  const repeated = repeatedBookIds(
    request.books.update.map((book) => book.id),
    request.books.remove,
  );
  if (repeated.length > 0)
    throw new HttpsError(
      'invalid-argument',
      `Each book may be changed or removed once per save (repeated: ${repeated.join(', ')}).`,
    );
  return request;
}

/** Refuses anyone but an admin, or the owner while verified, approved and active. */
function assertMayEdit(caller: Caller, profile: DocumentSnapshot, request: ParsedSaveProfileRequest): void {
  if (caller.admin) return;
  const owner =
    caller.uid === profile.id &&
    caller.emailVerified &&
    profile.get('approval_status') === 'approved' &&
    profile.get('is_active') === true;
  const adminFields = request.admin !== undefined && Object.keys(request.admin).length > 0;
  if (!owner || adminFields) throw new HttpsError('permission-denied', SAVE_PROFILE_MESSAGES.notAllowed);
}

/** Refuses a picture (the profile image, a book's cover) the member may not point at; `label` names the field in the message. */
function assertImageAllowed(
  next: string | null | undefined,
  stored: unknown,
  uid: string,
  label = 'Profile image',
): void {
  const verdict = profileImageVerdict(next, typeof stored === 'string' ? stored : null, uid);
  if (verdict === 'other-member')
    throw new HttpsError('permission-denied', `${label}: that image belongs to another member.`);
  if (verdict === 'not-an-upload')
    throw new HttpsError('invalid-argument', `${label}: use an image you uploaded or an https:// address.`);
}

/**
 * The save itself, in one transaction: every read first (profile, the books
 * to change, slug candidates, the featured slots of removed books, the
 * plan-limit count), every check, then the
 * writes. Any refusal throws before a write, so a refused save writes nothing.
 */
async function saveInTransaction(
  firestore: Firestore,
  caller: Caller,
  request: ParsedSaveProfileRequest,
): Promise<Committed> {
  return firestore.runTransaction(async (tx) => {
    const profileRef = firestore.collection('profiles').doc(request.userId);
    const profile = await tx.get(profileRef);
    if (!profile.exists) {
      if (!caller.admin && caller.uid !== request.userId)
        throw new HttpsError('permission-denied', SAVE_PROFILE_MESSAGES.notAllowed);
      throw new HttpsError('not-found', PROFILE_NOT_FOUND_MESSAGE);
    }
    assertMayEdit(caller, profile, request);
    const storedUpdatedAt = millisOf(profile.get('updated_at'));
    if (!sameUpdatedAt(storedUpdatedAt, request.expectedUpdatedAt))
      throw new HttpsError('aborted', SAVE_PROFILE_MESSAGES.conflict);

    const stored = profile.data() ?? {};
    const uid = profile.id;
    const { page_slug: requestedSlug, ...ownerFields } = request.profile;
    const changes: Record<string, unknown> = {
      ...changedFields(stored, ownerFields),
      ...changedFields(stored, request.admin ?? {}),
    };
    if ('profile_image' in changes)
      assertImageAllowed(request.profile.profile_image, stored.profile_image, uid);

    // Books: each one to change or remove must exist and belong to this member.
    const { create, update, remove } = request.books;
    const bookRefs = [...update.map((book) => book.id), ...remove].map((id) =>
      firestore.collection('books').doc(id),
    );
    const books = bookRefs.length > 0 ? await tx.getAll(...bookRefs) : [];
    for (const book of books) {
      if (!book.exists) throw new HttpsError('not-found', `Book not found: ${book.id}`);
      if (book.get('user_id') !== uid)
        throw new HttpsError('permission-denied', SAVE_PROFILE_MESSAGES.notAllowed);
    }
    // A cover, like the profile image, is the member's own upload or an https URL outside the media store.
    create.forEach((form, i) =>
      assertImageAllowed(form.cover_image, null, uid, `New book ${i + 1}, Cover image`),
    );
    // A number in a series needs the series' name, in the book as it will be stored.
    const seriesProblems = [
      ...create.map((form, i) => [`New book ${i + 1}`, seriesIssue(form)] as const),
      ...update.map(
        ({ changes: bookChanges }, i) =>
          [`Book ${i + 1}`, seriesIssue({ ...books[i]?.data(), ...bookChanges })] as const,
      ),
    ].filter(([, problem]) => problem !== null);
    if (seriesProblems[0])
      throw new HttpsError(
        'invalid-argument',
        `${seriesProblems[0][0]}, Series number: ${seriesProblems[0][1]}`,
      );
    update.forEach(({ changes: bookChanges }, i) => {
      if (bookChanges.cover_image !== undefined)
        assertImageAllowed(
          bookChanges.cover_image,
          books[i]?.get('cover_image'),
          uid,
          `Book ${i + 1}, Cover image`,
        );
    });

    const currentSlug = typeof stored.page_slug === 'string' ? stored.page_slug : '';
    const displayName = (changes.display_name as string | undefined) ?? String(stored.display_name ?? '');
    const slugChange =
      requestedSlug === undefined || requestedSlug === currentSlug
        ? undefined
        : await planPageSlugChange(tx, firestore, {
            uid,
            current: currentSlug,
            requested: requestedSlug,
            displayName,
          });
    if (slugChange === 'taken') throw new HttpsError('already-exists', SAVE_PROFILE_MESSAGES.slugTaken);

    // A removed book leaves the home page's slots too (at most 12 slots, so at most 4 small queries).
    const featuredSlots = await Promise.all(
      chunk(remove, MAX_IN_VALUES).map((ids) =>
        tx.get(firestore.collection('featured_books').where('book_id', 'in', ids)),
      ),
    );

    // An ISBN names one book: the books' claims are taken and released with the save
    // (a book whose ISBN another book holds is refused, naming it).
    const newRefs = create.map(() => firestore.collection('books').doc());
    const isbn = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    const claims = await claimIsbnsInTransaction(
      tx,
      firestore,
      [
        ...create.map((form, i) => ({
          bookId: newRefs[i]!.id,
          userId: uid,
          before: null,
          after: isbn(form.isbn),
        })),
        ...update.map(({ id, changes: bookChanges }, i) => ({
          bookId: id,
          userId: uid,
          before: isbn(books[i]?.get('isbn')),
          after: isbn(bookChanges.isbn === undefined ? books[i]?.get('isbn') : bookChanges.isbn),
        })),
        ...remove.map((id, i) => ({
          bookId: id,
          userId: uid,
          before: isbn(books[update.length + i]?.get('isbn')),
          after: null,
        })),
      ],
      (index) => (index < create.length ? `New book ${index + 1}` : `Book ${index - create.length + 1}`),
    );
    // A series belongs to its first author: a book moving into a series no one holds claims it.
    const seriesClaims = await claimSeriesInTransaction(tx, firestore, [
      ...create.map((form) => seriesChangeOf(uid, null, form)),
      ...update.map(({ changes: bookChanges }, i) =>
        seriesChangeOf(uid, books[i]?.data() ?? null, { ...books[i]?.data(), ...bookChanges }),
      ),
    ]);

    // Last of the reads: the plan limit's check also takes its lock (a write).
    const subscription = (stored.subscription_status ?? 'free') as SubscriptionStatus;
    await assertWithinPlanLimit(tx, firestore, {
      kind: 'books',
      uid,
      subscription,
      removing: remove.length,
      adding: create.length,
    });

    // Every check passed: write.
    const now = Timestamp.fromMillis(nextUpdatedAt(Date.now(), storedUpdatedAt));
    if (slugChange?.changed) changes.page_slug = slugChange.slug;
    // The profile's directory fields and its books' derived fields (author snapshot,
    // listing and visibility) are written with the save, from the profile as saved,
    // so the triggers find nothing to write back.
    const savedProfile = { ...stored, ...changes };
    const directory = wantedFields(savedProfile);
    if (!sameDirectoryFields(savedProfile, directory)) Object.assign(changes, directory);
    const owner = { uid, profile: { ...stored, ...changes } };
    const newBooks = create.map((form) => {
      const fresh = {
        ...form,
        user_id: uid,
        is_active: true,
        is_featured: false,
        created_at: now,
        updated_at: now,
      };
      const book = { ...fresh, ...staleDerivedFields('new', fresh, owner) };
      // The shared schema guarantees the site can read what is written.
      bookWriteSchema.parse({ ...book, created_at: now.toDate(), updated_at: now.toDate() });
      return book;
    });
    const createdIds = newBooks.map((book, i) => {
      const ref = newRefs[i]!;
      tx.create(ref, book);
      return ref.id;
    });
    update.forEach(({ id, changes: bookChanges }, i) => {
      const edited = { ...bookChanges, updated_at: now };
      const derived = staleDerivedFields(id, { ...books[i]?.data(), ...edited }, owner);
      tx.update(firestore.collection('books').doc(id), { ...edited, ...derived });
    });
    remove.forEach((id) => tx.delete(firestore.collection('books').doc(id)));
    featuredSlots.forEach((slots) => slots.docs.forEach((slot) => tx.delete(slot.ref)));
    claims();
    seriesClaims();
    if (slugChange?.changed) slugChange.write(tx);
    // A demotion or deactivation ends the member's sessions in the same commit.
    const endSessions = changeEndsSessions(stored, changes);
    tx.update(profileRef, {
      ...changes,
      updated_at: now,
      ...(endSessions ? { [SESSION_STAMP_FIELD]: sessionStampNow() } : {}),
    });

    return {
      response: {
        page_slug: slugChange?.slug ?? currentSlug,
        updated_at: now.toDate().toISOString(),
        created_book_ids: createdIds,
      },
      adminClaim: adminClaimChange(
        stored.role as ProfileRole | undefined,
        changes.role as ProfileRole | undefined,
      ),
      oldUpload: replacedUploadOf(
        stored.profile_image as string | undefined,
        changes.profile_image as string | undefined,
        uid,
      ),
      endSessions,
    };
  });
}

/** Work after the commit that Firestore cannot do in the transaction: the admin claim and the replaced upload's files. */
async function afterCommit(uid: string, committed: Committed): Promise<void> {
  if (committed.endSessions) await revokeSessions(uid);
  if (committed.adminClaim !== undefined) {
    try {
      await setAdminClaim(uid, committed.adminClaim);
    } catch (error) {
      // The role is saved; the claim follows it on the next save of the role.
      logger.error('saveProfile: the admin claim was not updated', {
        uid,
        admin: committed.adminClaim,
        error,
      });
      throw new HttpsError(
        'internal',
        'The profile was saved, but the admin right could not be updated. Please save the role again.',
      );
    }
  }
  if (committed.oldUpload !== null) {
    // A leftover folder wastes space but breaks nothing, so a failure is logged, not reported.
    await removeUploadFolder(committed.oldUpload).catch((error: unknown) =>
      logger.error('saveProfile: the replaced image was not removed', {
        uid,
        folder: committed.oldUpload,
        error,
      }),
    );
  }
}

/**
 * Saves a profile from the profile editors: the changed profile fields, the
 * page slug's claim and the member's books, in one transaction.
 * Request: saveProfileRequestSchema. Returns saveProfileResponseSchema.
 * Errors: unauthenticated; invalid-argument ('<field>: <message>');
 * permission-denied (SAVE_PROFILE_MESSAGES.notAllowed: not the owner or an
 * admin, an owner not verified, approved and active, admin fields from a
 * non-admin, another member's book); not-found (no such profile or book);
 * aborted (SAVE_PROFILE_MESSAGES.conflict: saved by someone else since
 * expectedUpdatedAt); already-exists (SAVE_PROFILE_MESSAGES.slugTaken, or
 * 'Book 2, ISBN: ' + ISBN_MESSAGES.taken when another book holds a book's ISBN);
 * resource-exhausted (LIMIT_MESSAGES.books).
 */
export const saveProfile = guardedCall(
  'session',
  async (request, guard): Promise<SaveProfileResponse> => {
    const caller: Caller = { uid: guard.uid, admin: guard.admin, emailVerified: guard.emailVerified };
    const parsed = parseSaveRequest(request.data);
    const committed = await saveInTransaction(db(), caller, parsed);
    await afterCommit(parsed.userId, committed);
    logger.info('saveProfile: saved', {
      uid: parsed.userId,
      by: caller.uid,
      slug: committed.response.page_slug,
      created: committed.response.created_book_ids.length,
    });
    return committed.response;
  },
  { signIn: 'Please sign in to save your profile.' },
);
