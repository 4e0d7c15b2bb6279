// The admins' side of the alerts (src/domain/shared/ops-alerts.ts; the counting is
// functions/src/shared/ops-alerts.ts):
// - opsAlertMail, the ops_alerts handler: when a kind's document shows a newly opened
//   alert, it mails every active admin once. The claim (`mailed_for` set to the alert's
//   opened_at, in a transaction) comes before the send, so a redelivered event never
//   mails twice; a send that fails is logged and not recorded as a server failure, which
//   would count towards the mail alert from the alert's own mail. The dashboard shows
//   the alert either way.
// - adminOpsAlerts, the dashboard's callable: the open alerts, and acknowledging one
//   (audited), which closes it and starts its count again.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import {
  OPS_ALERTS_COLLECTION,
  OPS_ALERT_LABELS,
  OPS_ALERT_MESSAGES,
  acknowledgeAlert,
  adminOpsAlertsRequestSchema,
  opsAlertKindSchema,
  opsAlertMailWords,
  type AdminOpsAlertsResponse,
  type OpenOpsAlert,
  type OpsAlertKind,
} from '../../../src/domain/shared/ops-alerts';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { failureMessage } from '../../../src/domain/shared/server-failures';
import { db, millisOf } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { auditInTransaction } from '../shared/audit';
import { alertStateOf } from '../shared/ops-alerts';
import type { Handler } from '../shared/collection-trigger';
import { mailBrand } from '../mail/brand';
import { memberMailAddress, memberMailName } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { composeMail } from '../mail/templates';

/** Most admins one alert mails (a site has a handful; the cap only bounds a runaway). */
const ADMINS_MAILED = 500;

/** The uids of the active admins. */
async function activeAdminUids(firestore: Firestore): Promise<string[]> {
  const found = await firestore
    .collection('profiles')
    .where('role', '==', 'Admin')
    .where('is_active', '==', true)
    .limit(ADMINS_MAILED)
    .get();
  return found.docs.map((doc) => doc.id);
}

/** Claims the mail of the alert open in ops_alerts/{kind}; the state to mail about, or null when there is none to send. */
async function claimAlertMail(firestore: Firestore, kind: OpsAlertKind) {
  const ref = firestore.collection(OPS_ALERTS_COLLECTION).doc(kind);
  return firestore.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    const state = alertStateOf(kind, snapshot.data());
    if (!state.open || state.opened_at === null) return null;
    if (state.mailed_for?.getTime() === state.opened_at.getTime()) return null;
    tx.update(ref, { mailed_for: state.opened_at });
    return state;
  });
}

/** Mails the active admins about the alert of `kind` if it opened and was not mailed yet. */
export async function mailOpenedAlert(firestore: Firestore, kind: OpsAlertKind): Promise<number> {
  const state = await claimAlertMail(firestore, kind);
  if (state === null) return 0;
  const brand = await mailBrand(firestore);
  const words = opsAlertMailWords(state, brand.title);
  let sent = 0;
  for (const uid of await activeAdminUids(firestore)) {
    const to = await memberMailAddress(uid);
    if (to === null) continue;
    const content = composeMail(
      {
        subject: words.subject,
        name: await memberMailName(firestore, uid),
        paragraphs: words.paragraphs,
        action: { label: 'Open the admin dashboard', url: `${siteUrl()}/admin` },
        reason: `You received this email because you are an administrator of ${brand.title}.`,
      },
      brand,
    );
    try {
      if ((await sendMail({ ...content, to }, { stream: 'account', record: false })) === 'sent') sent += 1;
    } catch (error) {
      logger.error('ops alert: the mail to an admin was not sent', {
        kind,
        uid,
        error: failureMessage(error),
      });
    }
  }
  logger.warn('ops alert opened', { kind, admins_mailed: sent });
  return sent;
}

/** Handler of ops_alerts: a newly opened alert mails the admins (see the file comment). */
export const opsAlertMail: Handler = {
  name: 'opsAlertMail',
  async run({ id, after }) {
    const kind = opsAlertKindSchema.safeParse(id);
    if (!kind.success || after?.open !== true) return;
    // Most writes are repeats of an alert already mailed: no transaction for those.
    if (millisOf(after.mailed_for) !== null && millisOf(after.mailed_for) === millisOf(after.opened_at))
      return;
    await mailOpenedAlert(db(), kind.data);
  },
};

/** The open alerts, newest first. */
export async function listOpenAlerts(firestore: Firestore): Promise<OpenOpsAlert[]> {
  const found = await firestore.collection(OPS_ALERTS_COLLECTION).where('open', '==', true).get();
  const alerts: OpenOpsAlert[] = [];
  for (const doc of found.docs) {
    const kind = opsAlertKindSchema.safeParse(doc.id);
    if (!kind.success) continue;
    const state = alertStateOf(kind.data, doc.data());
    if (!state.open || state.opened_at === null) continue;
    alerts.push({
      kind: kind.data,
      label: OPS_ALERT_LABELS[kind.data],
      openedAt: state.opened_at.toISOString(),
      lastAt: state.last_at?.toISOString() ?? null,
      lastMessage: state.last_message,
      events: state.events_since_open,
    });
  }
  return alerts.sort((a, b) => b.openedAt.localeCompare(a.openedAt));
}

/** Acknowledges the open alert of `kind` for the admin `actorUid`; false when none is open. Audited. */
export async function acknowledgeOpenAlert(
  firestore: Firestore,
  actorUid: string,
  kind: OpsAlertKind,
  now: Date = new Date(),
): Promise<boolean> {
  const ref = firestore.collection(OPS_ALERTS_COLLECTION).doc(kind);
  return firestore.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const state = alertStateOf(kind, snapshot.data());
    if (!snapshot.exists || !state.open) return false;
    tx.set(ref, acknowledgeAlert(state, now, actorUid));
    auditInTransaction(tx, firestore, {
      actorUid,
      action: 'acknowledge-alert',
      targetUid: null,
      before: { kind, opened_at: state.opened_at?.toISOString() ?? null, events: state.events_since_open },
      after: { kind, open: false },
    });
    return true;
  });
}

/**
 * The dashboard's alerts, for admins only. Request: adminOpsAlertsRequestSchema
 * ({ action: 'list' } or { action: 'acknowledge', kind }); answers the open alerts.
 * Errors: invalid-argument; failed-precondition (the alert is no longer open).
 */
export const adminOpsAlerts = guardedCall(
  'admin',
  async (request, caller): Promise<AdminOpsAlertsResponse> => {
    const parsed = adminOpsAlertsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const firestore = db();
    try {
      if (parsed.data.action === 'acknowledge') {
        const done = await acknowledgeOpenAlert(firestore, caller.uid, parsed.data.kind);
        if (!done) throw new HttpsError('failed-precondition', OPS_ALERT_MESSAGES.notOpen);
        logger.info('adminOpsAlerts: acknowledged', { kind: parsed.data.kind, by: caller.uid });
      }
      return { alerts: await listOpenAlerts(firestore) };
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminOpsAlerts failed', { error: failureMessage(error) });
      throw new HttpsError('internal', OPS_ALERT_MESSAGES.failed);
    }
  },
);
