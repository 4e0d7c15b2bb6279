import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  SAVE_PROFILE_MESSAGES,
  saveProfileRequestSchema,
  type ParsedSaveProfileRequest,
  type SaveProfileResponse,
} from '../../../src/domain/accounts/profile-edit';
import {
  adminClaimChange,
  changedFields,
  describeIssue,
  isPathSafeId,
  nextUpdatedAt,
  profileImageVerdict,
  replacedUploadOf,
  sameUpdatedAt,
} from '../../../src/domain/accounts/profile-save';
import { displayNameProblem } from '../../../src/domain/shared/display-name';
import type { ProfileRole } from '../../../src/domain/accounts/profile';
import { db, millisOf } from '../shared/firestore';
import { setAdminClaim } from '../accounts/admin-claim';
import { guardedCall, revokeSessions, sessionStampNow } from '../shared/guard';
import { changeEndsSessions, SESSION_STAMP_FIELD } from '../../../src/domain/shared/caller-standing';
import { planPageSlugChange } from '../accounts/page-slug';
import { removeUploadFolder } from '../media/media';
import { wantedFields } from './profile-directory-fields';
import { sameDirectoryFields } from '../../../src/domain/accounts/directory';

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

/**
 * The request, validated; 'invalid-argument' names the first bad field. Books
 * sent by an out-of-date editor are refused before any other problem, with
 * SAVE_PROFILE_MESSAGES.noBooks: fixing another field would still not save them.
 */
export function parseSaveRequest(data: unknown): ParsedSaveProfileRequest {
  const parsed = saveProfileRequestSchema.safeParse(data);
  if (!parsed.success) {
    const books = parsed.error.issues.some((issue) => issue.path[0] === 'books');
    throw new HttpsError(
      'invalid-argument',
      books ? SAVE_PROFILE_MESSAGES.noBooks : describeIssue(parsed.error),
    );
  }
  const request = parsed.data;
  if (!isPathSafeId(request.userId)) throw new HttpsError('invalid-argument', 'UserId: not a user id');
  const nameProblem =
    request.profile.display_name === undefined ? null : displayNameProblem(request.profile.display_name);
  if (nameProblem !== null) throw new HttpsError('invalid-argument', `Display name: ${nameProblem}`);
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

/** Refuses a profile image the member may not point at. */
function assertImageAllowed(next: string | null | undefined, stored: unknown, uid: string): void {
  const verdict = profileImageVerdict(next, typeof stored === 'string' ? stored : null, uid);
  if (verdict === 'other-member')
    throw new HttpsError('permission-denied', 'Profile image: that image belongs to another member.');
  if (verdict === 'not-an-upload')
    throw new HttpsError(
      'invalid-argument',
      'Profile image: use an image you uploaded or an https:// address.',
    );
}

/**
 * The save itself, in one transaction: every read first (the profile, slug
 * candidates), every check, then the writes. Any refusal throws before a
 * write, so a refused save writes nothing.
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

    // Every check passed: write.
    const now = Timestamp.fromMillis(nextUpdatedAt(Date.now(), storedUpdatedAt));
    if (slugChange?.changed) changes.page_slug = slugChange.slug;
    // The profile's directory fields are written with the save, from the profile as
    // saved, so the profiles trigger finds nothing to write back.
    const savedProfile = { ...stored, ...changes };
    const directory = wantedFields(savedProfile);
    if (!sameDirectoryFields(savedProfile, directory)) Object.assign(changes, directory);
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
 * Saves a profile from the profile editors: the changed profile fields and the
 * page slug's claim, in one transaction. Books are not saved here: owned items
 * save and delete only through their own callables (saveBook, deleteBook).
 * Request: saveProfileRequestSchema. Returns saveProfileResponseSchema.
 * Errors: unauthenticated; invalid-argument ('<field>: <message>', or
 * SAVE_PROFILE_MESSAGES.noBooks for a request carrying books);
 * permission-denied (SAVE_PROFILE_MESSAGES.notAllowed: not the owner or an
 * admin, an owner not verified, approved and active, admin fields from a
 * non-admin); not-found (no such profile); aborted
 * (SAVE_PROFILE_MESSAGES.conflict: saved by someone else since
 * expectedUpdatedAt); already-exists (SAVE_PROFILE_MESSAGES.slugTaken).
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
    });
    return committed.response;
  },
  { signIn: 'Please sign in to save your profile.' },
);
