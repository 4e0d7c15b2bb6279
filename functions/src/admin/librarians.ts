// Librarians (src/domain/admin/catalogue-curation.ts): an admin makes a member a
// librarian or un-makes them. The right is the document librarians/{uid}, which only
// this callable writes (firestore.rules closes it to every client write, so a member
// cannot make themselves one); a librarian reads their own to know their tools show.
// A document rather than a custom claim: the guard reads it at each call, so un-making
// takes effect at once, not when the librarian's token is refreshed. Audited.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  CURATION_MESSAGES,
  LIBRARIANS_COLLECTION,
  adminLibrariansRequestSchema,
  canCurateCatalogue,
  type AdminLibrariansResponse,
} from '../../../src/domain/admin/catalogue-curation';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { db } from '../shared/firestore';
import { guardedCall, type Caller } from '../shared/guard';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { auditInTransaction } from '../shared/audit';

/** Most librarians the dashboard lists. */
const LIST_LIMIT = 200;

/** True when `uid` is a librarian now (one read). */
export async function isLibrarian(firestore: Firestore, uid: string): Promise<boolean> {
  return (await firestore.collection(LIBRARIANS_COLLECTION).doc(uid).get()).exists;
}

/** True when the guard's caller may curate the catalogue now: an admin, or a librarian in good standing. */
export async function callerCanCurate(firestore: Firestore, caller: Caller): Promise<boolean> {
  if (caller.admin) return true;
  return canCurateCatalogue({
    admin: false,
    member: caller.member,
    librarian: await isLibrarian(firestore, caller.uid),
  });
}

/** The uid of a member typed as a uid or an address, or null when no profile has it. */
async function memberUid(firestore: Firestore, typed: string): Promise<string | null> {
  if (typed.includes('@')) {
    try {
      const user = await adminAuth().getUserByEmail(typed);
      return (await firestore.collection('profiles').doc(user.uid).get()).exists ? user.uid : null;
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'auth/user-not-found' || code === 'auth/invalid-email') return null;
      throw error;
    }
  }
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(typed)) return null;
  return (await firestore.collection('profiles').doc(typed).get()).exists ? typed : null;
}

/** The librarians now, with their names and addresses. */
export async function listLibrarians(firestore: Firestore): Promise<AdminLibrariansResponse> {
  const docs = (await firestore.collection(LIBRARIANS_COLLECTION).limit(LIST_LIMIT).get()).docs;
  if (docs.length === 0) return { librarians: [] };
  const profiles = await firestore.getAll(...docs.map((doc) => firestore.collection('profiles').doc(doc.id)));
  const users = await adminAuth().getUsers(docs.map((doc) => ({ uid: doc.id })));
  const emails = new Map(users.users.map((user) => [user.uid, user.email ?? null]));
  return {
    librarians: docs.map((doc, index) => ({
      uid: doc.id,
      displayName: String(profiles[index]?.get('display_name') ?? '') || 'Member',
      email: emails.get(doc.id) ?? null,
    })),
  };
}

/** Makes (true) or un-makes (false) `uid` a librarian for the admin `actorUid`, with its audit entry. */
export async function setLibrarian(
  firestore: Firestore,
  actorUid: string,
  uid: string,
  librarian: boolean,
): Promise<void> {
  const ref = firestore.collection(LIBRARIANS_COLLECTION).doc(uid);
  await firestore.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (current.exists === librarian) return;
    if (librarian) tx.create(ref, { granted_by: actorUid, granted_at: Timestamp.now() });
    else tx.delete(ref);
    auditInTransaction(tx, firestore, {
      actorUid,
      action: librarian ? 'librarian-grant' : 'librarian-revoke',
      targetUid: uid,
      before: { librarian: !librarian },
      after: { librarian },
    });
  });
}

/**
 * The dashboard's librarians, for admins only. Request: adminLibrariansRequestSchema
 * ({ action: 'list' } or { action: 'set', member, librarian }); answers the list as
 * it stands. Errors: invalid-argument; not-found (CURATION_MESSAGES.memberNotFound).
 */
export const adminLibrarians = guardedCall(
  'admin',
  async (request, caller): Promise<AdminLibrariansResponse> => {
    const parsed = adminLibrariansRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data = parsed.data;
    const firestore = db();
    try {
      if (data.action === 'set') {
        const uid = await memberUid(firestore, data.member);
        if (!uid) throw new HttpsError('not-found', CURATION_MESSAGES.memberNotFound);
        await setLibrarian(firestore, caller.uid, uid, data.librarian);
        logger.info('adminLibrarians: set', { uid, librarian: data.librarian, by: caller.uid });
      }
      return await listLibrarians(firestore);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminLibrarians failed', { action: data.action, error });
      throw new HttpsError('internal', CURATION_MESSAGES.failed);
    }
  },
);
