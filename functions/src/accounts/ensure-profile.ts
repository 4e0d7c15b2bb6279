import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ensureProfileResponseSchema } from '../../../src/domain/accounts/profile-edit';
import { startingDisplayName } from '../../../src/domain/accounts/profile-save';
import type { UserCategory } from '../../../src/domain/accounts/profile';
import { db } from '../shared/firestore';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { createStartingProfile } from './sign-up';
import { ACCOUNT_DELETIONS } from '../../../src/domain/accounts/account-deletion';

import { guardedCall } from '../shared/guard';

/** ensureProfile's answer. */
export type EnsureProfileResponse = z.infer<typeof ensureProfileResponseSchema>;

/** The category an after-the-fact profile starts with: the one the sign-up form preselects. */
export const STARTING_CATEGORY: UserCategory = 'Book Author';

/** The message when the account is being deleted: no new profile for it. */
export const ACCOUNT_BEING_DELETED_MESSAGE = 'This account is being deleted.';

/**
 * Returns the member's profile slug, creating the starting profile (as sign-up
 * would: User, pending approval, free, a unique slug) when there is none. One
 * transaction, so two calls at once create one profile. An account with a
 * deletion job gets no new profile.
 */
export async function ensureStartingProfile(
  firestore: Firestore,
  uid: string,
  displayName: string,
): Promise<EnsureProfileResponse> {
  return firestore.runTransaction(async (tx) => {
    const [profile, deletion] = await tx.getAll(
      firestore.collection('profiles').doc(uid),
      firestore.collection(ACCOUNT_DELETIONS).doc(uid),
    );
    if (profile?.exists) return { page_slug: String(profile.get('page_slug')), created: false };
    if (deletion?.exists) throw new HttpsError('failed-precondition', ACCOUNT_BEING_DELETED_MESSAGE);
    const pageSlug = await createStartingProfile(tx, firestore, uid, {
      display_name: displayName,
      category: STARTING_CATEGORY,
    });
    return { page_slug: pageSlug, created: true };
  });
}

/**
 * For a signed-in user without a profile (a legacy or broken account): creates
 * the starting profile sign-up would have created; with a profile, returns it
 * unchanged. Request data: none. Returns { page_slug, created }.
 * Errors: unauthenticated; failed-precondition (the account is being deleted).
 */
export const ensureProfile = guardedCall(
  'session',
  async (_request, caller): Promise<EnsureProfileResponse> => {
    const { uid } = caller;
    let displayName: string;
    try {
      const user = await adminAuth().getUser(uid);
      displayName = startingDisplayName(user.displayName, user.email);
    } catch (error) {
      if (authErrorCode(error) === 'auth/user-not-found')
        throw new HttpsError('failed-precondition', ACCOUNT_BEING_DELETED_MESSAGE);
      throw error;
    }
    const answer = await ensureStartingProfile(db(), uid, displayName);
    if (answer.created)
      logger.info('ensureProfile: created the missing profile', { uid, page_slug: answer.page_slug });
    return answer;
  },
  { signIn: 'Please sign in to edit your profile.' },
);
