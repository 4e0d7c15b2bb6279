import * as logger from 'firebase-functions/logger';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { ApprovalStatus } from '../../../src/domain/accounts/profile';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import { db } from '../shared/firestore';
import { memberMailAddress } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { approvedEmail, deniedEmail, type MailBrand, type MailContent } from '../mail/templates';
import { mailBrand } from '../mail/brand';
import { authPageUrl } from '../mail/settings';
import type { DocChange, Handler } from '../shared/collection-trigger';

/** The approval decisions a member is told about; going back to pending is not announced. */
export type AnnouncedStatus = Extract<ApprovalStatus, 'approved' | 'denied'>;

/** The decision a profile update announces: approval_status changed to approved or denied; otherwise undefined. */
export function decisionToAnnounce(before: unknown, after: unknown): AnnouncedStatus | undefined {
  if (before === after) return undefined;
  return after === 'approved' || after === 'denied' ? after : undefined;
}

/**
 * profiles/{uid}/private/notifications remembers the last decision the member was
 * emailed about. Firestore triggers are delivered at least once, so the same
 * update can run this function twice; the record turns the second run into a
 * no-op. It also means approved → pending → approved does not email 'approved'
 * again: the member already knows. The private subcollection has no rules, so
 * only the Admin SDK reads it.
 */
function notificationsDoc(firestore: Firestore, uid: string) {
  return firestore.doc(`profiles/${uid}/private/notifications`);
}

/**
 * Records `status` as announced unless it already is. Returns the previously
 * announced status (so a failed send can put it back), or 'already' when there
 * is nothing to send.
 */
async function claimAnnouncement(
  firestore: Firestore,
  uid: string,
  status: AnnouncedStatus,
): Promise<{ previous: unknown } | 'already'> {
  const ref = notificationsDoc(firestore, uid);
  return firestore.runTransaction(async (tx) => {
    const previous = (await tx.get(ref)).get('approval_status_notified');
    if (previous === status) return 'already';
    tx.set(
      ref,
      { approval_status_notified: status, notified_at: FieldValue.serverTimestamp() },
      { merge: true },
    );
    return { previous: previous ?? null };
  });
}

/** The email for a decision. */
export function decisionEmail(status: AnnouncedStatus, displayName: string, brand?: MailBrand): MailContent {
  return status === 'approved'
    ? approvedEmail(displayName, authPageUrl(), brand)
    : deniedEmail(displayName, brand);
}

/**
 * Emails a member when an administrator approves or denies their account
 * (the pending-approval page promises it), at their verified address only,
 * greeting them by their profile name when it passes the display-name rules.
 * At most one email per decision:
 * the announcement is recorded before sending, and put back if sending fails
 * so that the next change can try again.
 */
export const approvalEmail: Handler = { name: 'approval email', run: announceDecision };

async function announceDecision(change: DocChange): Promise<void> {
  const uid = change.id;
  const { before, after } = change;
  if (before === undefined || after === undefined) return;
  const status = decisionToAnnounce(before?.approval_status, after?.approval_status);
  if (status === undefined) return;

  // Only a verified address: an address changed without confirmation hears nothing.
  const to = await memberMailAddress(uid);
  if (to === null) {
    logger.warn('approval email: the member has no verified email address; not sent', { uid, status });
    return;
  }
  const firestore = db();
  const claim = await claimAnnouncement(firestore, uid, status);
  if (claim === 'already') {
    logger.debug('approval email: already sent', { uid, status });
    return;
  }
  const displayName = mailSafeName(after?.display_name) ?? '';
  try {
    const outcome = await sendMail(
      { to, ...decisionEmail(status, displayName, await mailBrand(firestore)) },
      { stream: 'account' },
    );
    logger.info('approval email', { uid, status, outcome });
  } catch (error) {
    logger.error('approval email: sending failed', { uid, status, error });
    await notificationsDoc(firestore, uid).set({ approval_status_notified: claim.previous }, { merge: true });
  }
}
