// Failures that reach a person, on the emulators: repeated failures of one kind open one
// alert, which mails every active admin once (through the ops_alerts trigger) and stays
// open, however often the failure repeats, until an admin acknowledges it (audited);
// the rebuild opens its alert on two failed builds in a row, a published one in between
// starting again; a webhook refusing a forged signature counts, at most once per
// spacing per instance; adminOpsAlerts is for admins only.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  OPS_ALERTS_COLLECTION,
  OPS_ALERT_MESSAGES,
  type AdminOpsAlertsResponse,
} from '../../../src/domain/shared/ops-alerts';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { PUBLISH_STATUS_PATH } from '../../../src/domain/publish/publish';
import { recordFailure } from '../../../functions/src/shared/failures';
import {
  SIGNATURE_EVENT_SPACING_MS,
  noteAlertEvent,
  noteSignatureRefused,
} from '../../../functions/src/shared/ops-alerts';
import { mailOpenedAlert } from '../../../functions/src/admin/ops-alerts';
import { handleDeliveryWebhook } from '../../../functions/src/mail/delivery-webhook';
import { resend, svixSignature } from '../../../functions/src/mail/providers/resend';
import { PROJECT_ID, adminDb, eventually, uniqueId } from '../helpers/emulator';
import { functionsOrigin } from '../helpers/callable';
import { useMailboxTests } from '../helpers/mailbox';
import { callAs, makeMember } from '../helpers/profile-members';

const db = adminDb();
const mailbox = useMailboxTests();
const alerts = (member: Parameters<typeof callAs>[1], data: unknown) =>
  callAs<AdminOpsAlertsResponse>('adminOpsAlerts', member, data);
const alertDoc = (kind: string) => db.collection(OPS_ALERTS_COLLECTION).doc(kind);

describe('a queue failing repeatedly', () => {
  let admin: Awaited<ReturnType<typeof makeMember>>;
  beforeEach(async () => {
    admin = await makeMember({ admin: true });
  });

  it('opens one alert, mails each active admin once and shows until acknowledged', async () => {
    const otherAdmin = await makeMember({ admin: true });
    const inactiveAdmin = await makeMember({ admin: true, profile: { is_active: false } });
    const member = await makeMember();
    for (let batch = 1; batch <= 2; batch++)
      await recordFailure('newsletter-batch', new Error(`batch ${batch} failed`), { batch: String(batch) });
    expect((await alertDoc('newsletter-batch').get()).get('open')).toBe(false);

    await recordFailure('newsletter-batch', new Error('batch 3 failed'), { batch: '3' });
    expect((await alertDoc('newsletter-batch').get()).get('open')).toBe(true);
    const mail = await mailbox.waitFor(admin.email, 'alert: Newsletter batches keep failing');
    expect(mail.text).toContain('3 times within 30 minutes');
    expect(mail.text).toContain('The latest error: batch 3 failed');
    await mailbox.waitFor(otherAdmin.email, 'alert: Newsletter batches keep failing');

    // More failures while it is open: counted, no new mail (the claim is taken).
    await recordFailure('newsletter-batch', new Error('batch 4 failed'));
    await eventually(
      async () => (await alertDoc('newsletter-batch').get()).get('mailed_for'),
      (value) => value instanceof Timestamp,
    );
    expect(await mailOpenedAlert(db, 'newsletter-batch')).toBe(0);
    const aboutBatches = async (address: string) =>
      (await mailbox.mailsTo(address)).filter((m) => m.subject.includes('Newsletter batches'));
    expect(await aboutBatches(admin.email)).toHaveLength(1);
    expect(await aboutBatches(inactiveAdmin.email)).toHaveLength(0);
    expect(await mailbox.mailsTo(member.email)).toHaveLength(0);

    const listed = await alerts(admin, { action: 'list' });
    expect(listed.result?.alerts).toEqual([
      expect.objectContaining({
        kind: 'newsletter-batch',
        label: 'Newsletter batches keep failing',
        events: 4,
        lastMessage: 'batch 4 failed',
      }),
    ]);

    const acknowledged = await alerts(admin, { action: 'acknowledge', kind: 'newsletter-batch' });
    expect(acknowledged.result?.alerts).toEqual([]);
    const audit = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('action', '==', 'acknowledge-alert')
      .get();
    expect(audit.docs.map((d) => [d.get('actor_uid'), d.get('before.kind')])).toEqual([
      [admin.uid, 'newsletter-batch'],
    ]);
    const again = await alerts(otherAdmin, { action: 'acknowledge', kind: 'newsletter-batch' });
    expect(again.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: OPS_ALERT_MESSAGES.notOpen });

    // The count starts again: two more failures open nothing.
    await recordFailure('newsletter-batch', 'batch 5 failed');
    await recordFailure('newsletter-batch', 'batch 6 failed');
    expect((await alertDoc('newsletter-batch').get()).get('open')).toBe(false);
  });

  it('is for admins only, and refuses an unknown kind', async () => {
    await noteAlertEvent('mail', 'refused');
    const member = await makeMember();
    expect((await alerts(undefined, { action: 'list' })).error?.status).toBe('UNAUTHENTICATED');
    expect((await alerts(member, { action: 'list' })).error?.status).toBe('PERMISSION_DENIED');
    expect((await alerts(member, { action: 'acknowledge', kind: 'mail' })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
    expect((await alerts(admin, { action: 'acknowledge', kind: 'everything' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await alerts(admin, { action: 'list' })).result?.alerts).toEqual([]);
  });

  it('keeps going past a malformed alert document', async () => {
    await alertDoc('mail').set({ open: 'yes', recent: 'never', streak: -4 });
    for (let n = 0; n < 5; n++)
      await recordFailure('mail', new Error(`refused ${n}`), { to: 'x@example.test' });
    expect((await alertDoc('mail').get()).get('open')).toBe(true);
    const listed = await alerts(admin, { action: 'list' });
    expect(listed.result?.alerts.map((a) => a.kind)).toEqual(['mail']);
  });
});

describe('the rebuild', () => {
  const status = db.doc(PUBLISH_STATUS_PATH);
  const failed = (minute: number) =>
    status.set(
      {
        state: 'failed',
        failed_at: Timestamp.fromMillis(Date.UTC(2026, 11, 7, 10, minute)),
        error: `build ${minute}`,
      },
      { merge: true },
    );
  const published = (minute: number) =>
    status.set(
      { state: 'published', published_at: Timestamp.fromMillis(Date.UTC(2026, 11, 7, 10, minute)) },
      { merge: true },
    );

  // (Whether a success in between starts again is the pure rule's: tests/unit. Here the
  // functions layer's own content writes may fail their rebuilds too, with no deploy hook
  // listening, so only the opening is checked.)
  it('opens its alert on two failed builds in a row and mails the admins', async () => {
    const admin = await makeMember({ admin: true });
    await published(0);
    await failed(1);
    await failed(2);
    await eventually(
      async () => (await alertDoc('publish').get()).get('open'),
      (open) => open === true,
    );
    const mail = await mailbox.waitFor(admin.email, 'alert: The site rebuild failed twice in a row');
    expect(mail.text).toContain('times in a row');
  });
});

describe('the mail provider’s delivery events', () => {
  process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
  const SECRET = 'whsec_ZGVtby1vbmx5LW1haWwtd2ViaG9vay1zZWNyZXQ=';
  const event = (type: 'email.complained' | 'email.delivered', to: string) =>
    JSON.stringify({
      type,
      created_at: new Date().toISOString(),
      data: { email_id: uniqueId('email'), to: [to], subject: 'Issue 12' },
    });
  const deliver = (payload: string, secret = SECRET, now = Date.now()) => {
    const id = uniqueId('msg');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      'svix-id': id,
      'svix-timestamp': timestamp,
      'svix-signature': svixSignature(secret, id, timestamp, payload),
    };
    return handleDeliveryWebhook(
      db,
      resend,
      SECRET,
      { header: (name) => headers[name], rawBody: Buffer.from(payload) },
      now,
    );
  };

  it('open the complaints alert when readers mark mail as spam, and count nothing for deliveries', async () => {
    const admin = await makeMember({ admin: true });
    for (let n = 0; n < 4; n++)
      expect((await deliver(event('email.delivered', `ok${n}@example.test`))).status).toBe(200);
    expect((await alertDoc('mail-complaints').get()).exists).toBe(false);
    for (let n = 0; n < 3; n++) await deliver(event('email.complained', `reader${n}@example.test`));
    expect((await alertDoc('mail-complaints').get()).get('open')).toBe(true);
    await mailbox.waitFor(admin.email, 'alert: Readers are marking emails as spam');
  });

  it('count a forged request towards the signature alert', async () => {
    // An hour ahead, so no refusal counted earlier in this process (the spacing is per instance) holds this one back.
    const answer = await deliver(
      event('email.complained', 'victim@example.test'),
      'whsec_c29tZW9uZS1lbHNl',
      Date.now() + 3_600_000,
    );
    expect(answer.status).toBe(400);
    expect(((await alertDoc('webhook-signature').get()).get('recent') as unknown[] | undefined)?.length).toBe(
      1,
    );
    expect((await alertDoc('mail-complaints').get()).exists).toBe(false);
  });
});

describe('webhook signatures', () => {
  it('counts a forged Netlify notification', async () => {
    const url = `${await functionsOrigin()}/${PROJECT_ID}/us-central1/publishNotification`;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': 'forged.token.here' },
      body: JSON.stringify({ state: 'error' }),
    });
    expect(answer.status).toBe(401);
    const recent = await eventually(
      async () => ((await alertDoc('webhook-signature').get()).get('recent') as unknown[] | undefined) ?? [],
      (list) => list.length === 1,
    );
    expect(recent).toHaveLength(1);
    expect((await db.doc(PUBLISH_STATUS_PATH).get()).get('state')).not.toBe('failed');
  });

  it('counts at most one refusal per webhook per spacing, so a flood costs few writes', async () => {
    const t0 = new Date('2026-12-07T12:00:00Z');
    const later = (ms: number) => new Date(t0.getTime() + ms);
    await noteSignatureRefused('Test hook', t0);
    await noteSignatureRefused('Test hook', later(1_000));
    await noteSignatureRefused('Test hook', later(SIGNATURE_EVENT_SPACING_MS - 1));
    await noteSignatureRefused('Other hook', later(2_000));
    await noteSignatureRefused('Test hook', later(SIGNATURE_EVENT_SPACING_MS + 1));
    const recent = (await alertDoc('webhook-signature').get()).get('recent') as unknown[];
    expect(recent).toHaveLength(3);
  });
});
