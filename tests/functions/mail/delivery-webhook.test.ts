// The mail provider's delivery webhook and the suppression list. Over HTTP on the
// functions emulator: only a request signed with the webhook secret (Resend's
// Svix signature) within 5 minutes is accepted and each event is applied once.
// Directly against the Firestore emulator: events out of order never lift a
// suppression, an unknown address is recorded, and sendMail (every send path's
// one door) skips suppressed addresses per stream.
import { beforeAll, describe, expect, it } from 'vitest';
import { handleDeliveryWebhook } from '../../../functions/src/mail/delivery-webhook';
import { resend, svixSignature } from '../../../functions/src/mail/providers/resend';
import { sendMail } from '../../../functions/src/mail/send-mail';
import { liftSuppression, readSuppression, suppressionKey } from '../../../functions/src/mail/suppressions';
import { MAIL_EVENTS, MAIL_SUPPRESSIONS } from '../../../src/domain/mail/suppression';
import { PROJECT_ID, adminDb, uniqueId } from '../helpers/emulator';
import { functionsOrigin } from '../helpers/callable';
import { newEmail } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';

// The values of functions/.env.demo-shelfmark, which the emulated function reads.
process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
const SECRET = 'whsec_ZGVtby1vbmx5LW1haWwtd2ViaG9vay1zZWNyZXQ=';
process.env.SMTP_URL ??= 'smtp://127.0.0.1:1025';

const db = adminDb();
const mailbox = useMailbox();
let webhookUrl = '';

beforeAll(async () => {
  webhookUrl = `${await functionsOrigin()}/${PROJECT_ID}/us-central1/mailWebhook`;
});

type Kind = 'email.delivered' | 'email.bounced' | 'email.complained';

/** A Resend event body for `to`, at `at` (ms), with a permanent bounce unless told. */
function body(type: Kind, to: string, at = Date.now(), bounce: 'Permanent' | 'Transient' = 'Permanent') {
  return JSON.stringify({
    type,
    created_at: new Date(at).toISOString(),
    data: {
      email_id: uniqueId('email'),
      to: [to],
      subject: 'A mail',
      ...(type === 'email.bounced'
        ? { bounce: { type: bounce, subType: 'General', message: 'No such user' } }
        : {}),
    },
  });
}

/** Svix headers for `payload` under `secret`, stamped `at` (ms). */
function signedHeaders(payload: string, id = uniqueId('msg'), at = Date.now(), secret = SECRET) {
  const timestamp = String(Math.floor(at / 1000));
  return {
    'svix-id': id,
    'svix-timestamp': timestamp,
    'svix-signature': svixSignature(secret, id, timestamp, payload),
  };
}

/** Calls the webhook's handler directly (no HTTP) with a signed request. */
function deliver(payload: string, id = uniqueId('msg')) {
  const headers: Record<string, string> = signedHeaders(payload, id);
  return handleDeliveryWebhook(db, resend, SECRET, {
    header: (name) => headers[name],
    rawBody: Buffer.from(payload),
  });
}

const recordOf = async (email: string) => readSuppression(db, email);

describe('mailWebhook over HTTP', () => {
  const post = (payload: string, headers: Record<string, string>) =>
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: payload,
    });

  it('refuses an unsigned, a forged, a stale and a tampered request with 400, writing nothing', async () => {
    const to = newEmail('forged');
    const payload = body('email.bounced', to);
    const id = uniqueId('msg_forged');
    expect((await post(payload, {})).status).toBe(400);
    const other = `whsec_${Buffer.from('someone-elses-secret').toString('base64')}`;
    expect((await post(payload, signedHeaders(payload, id, Date.now(), other))).status).toBe(400);
    expect((await post(payload, signedHeaders(payload, id, Date.now() - 6 * 60_000))).status).toBe(400);
    const signed = signedHeaders(payload, id);
    expect((await post(payload.replace('Permanent', 'Transient'), signed)).status).toBe(400);
    expect((await db.collection(MAIL_EVENTS).doc(`resend_${id}`).get()).exists).toBe(false);
    expect((await db.collection(MAIL_SUPPRESSIONS).doc(suppressionKey(to)).get()).exists).toBe(false);
  });

  it('answers only POST', async () => {
    expect((await fetch(webhookUrl)).status).toBe(405);
  });

  it('applies a signed hard bounce once: the address is suppressed, and a replay is a duplicate', async () => {
    const to = newEmail('bounced');
    const payload = body('email.bounced', to);
    const headers = signedHeaders(payload);
    const first = await post(payload, headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcomes: ['applied'] });
    expect((await recordOf(to))?.reason).toBe('hard-bounce');
    const replay = await post(payload, headers);
    expect(await replay.json()).toEqual({ received: true, outcomes: ['duplicate'] });
  });
});

describe('the suppression list from delivery events', () => {
  it('suppresses on a complaint and on a hard bounce; a delivery keeps the address mailed', async () => {
    const [complained, bounced, delivered] = [newEmail('c'), newEmail('b'), newEmail('d')];
    expect((await deliver(body('email.complained', complained))).outcomes).toEqual(['applied']);
    await deliver(body('email.bounced', bounced));
    await deliver(body('email.delivered', delivered));
    expect((await recordOf(complained))?.reason).toBe('complaint');
    expect((await recordOf(bounced))?.reason).toBe('hard-bounce');
    expect(await recordOf(delivered)).toMatchObject({ reason: null, soft_bounces: 0 });
    // The list is by mailbox: another spelling of the address is the same entry.
    expect((await recordOf(bounced.toUpperCase()))?.reason).toBe('hard-bounce');
  });

  it('a delivery arriving after a bounce, or older than it, never lifts the suppression', async () => {
    const to = newEmail('order');
    const t = Date.now() - 60_000;
    await deliver(body('email.bounced', to, t));
    await deliver(body('email.delivered', to, t - 10_000)); // older, arriving late
    await deliver(body('email.delivered', to, t + 10_000)); // newer
    expect(await recordOf(to)).toMatchObject({ reason: 'hard-bounce', suppressed_at: t });
  });

  it('soft bounces suppress after three in a row, out of order included; a delivery between resets the streak', async () => {
    const to = newEmail('soft');
    const t = Date.now() - 60_000;
    await deliver(body('email.bounced', to, t + 2, 'Transient'));
    await deliver(body('email.bounced', to, t + 1, 'Transient'));
    await deliver(body('email.delivered', to, t + 3));
    await deliver(body('email.bounced', to, t + 4, 'Transient'));
    expect(await recordOf(to)).toMatchObject({ reason: null, soft_bounces: 1 });
    await deliver(body('email.bounced', to, t + 6, 'Transient'));
    await deliver(body('email.bounced', to, t + 5, 'Transient'));
    expect(await recordOf(to)).toMatchObject({ reason: 'soft-bounces', soft_bounces: 3 });
  });

  it('accepts an event for an address Shelfmark never mailed, and one with no recipient', async () => {
    const stranger = `${uniqueId('nobody')}@nowhere.invalid`;
    expect(await deliver(body('email.complained', stranger))).toEqual({ status: 200, outcomes: ['applied'] });
    expect((await recordOf(stranger))?.reason).toBe('complaint');
    const empty = JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: {} });
    expect(await deliver(empty)).toEqual({ status: 200, outcomes: [] });
  });

  it('the same event delivered twice at once is applied once', async () => {
    const to = newEmail('twice');
    const payload = body('email.bounced', to, Date.now(), 'Transient');
    const id = uniqueId('msg_twice');
    const answers = await Promise.all([deliver(payload, id), deliver(payload, id)]);
    expect(answers.flatMap((a) => a.outcomes).sort()).toEqual(['applied', 'duplicate']);
    expect((await recordOf(to))?.soft_bounces).toBe(1);
  });
});

describe('sendMail and the suppression list', () => {
  const mail = (to: string, subject: string) => ({ to, subject, text: 'Hello', html: '<p>Hello</p>' });

  it('skips bulk mail to any suppressed address', async () => {
    const [complained, bounced, fine] = [newEmail('bulk-c'), newEmail('bulk-b'), newEmail('bulk-ok')];
    await deliver(body('email.complained', complained));
    await deliver(body('email.bounced', bounced));
    expect(await sendMail(mail(complained, 'News'), { stream: 'bulk' })).toBe('skipped-suppressed');
    expect(await sendMail(mail(bounced, 'News'), { stream: 'bulk' })).toBe('skipped-suppressed');
    expect(await sendMail(mail(fine, 'News'), { stream: 'bulk' })).toBe('sent');
    await mailbox.waitFor(fine, 'News');
  });

  it('sends account mail to a complaining address, not to a bouncing one, and the proving mail to both', async () => {
    const [complained, bounced] = [newEmail('acct-c'), newEmail('acct-b')];
    await deliver(body('email.complained', complained));
    await deliver(body('email.bounced', bounced));
    expect(await sendMail(mail(complained, 'Reset your password'), { stream: 'account' })).toBe('sent');
    await mailbox.waitFor(complained, 'Reset your password');
    expect(await sendMail(mail(bounced, 'Reset your password'), { stream: 'account' })).toBe(
      'skipped-suppressed',
    );
    expect(
      await sendMail(mail(bounced, 'Confirm your address'), { stream: 'account', bypassSuppression: true }),
    ).toBe('sent');
    await mailbox.waitFor(bounced, 'Confirm your address');
  });

  it('mails the address again once its member lifted the suppression, and older events stay ignored', async () => {
    const to = newEmail('lifted');
    const t = Date.now() - 5_000;
    await deliver(body('email.bounced', to, t));
    expect(await liftSuppression(db, to)).toBe(true);
    await deliver(body('email.bounced', to, t - 1_000)); // a late copy of an old bounce
    expect(await sendMail(mail(to, 'Back again'), { stream: 'bulk' })).toBe('sent');
    expect(await liftSuppression(db, to)).toBe(false);
  });
});
