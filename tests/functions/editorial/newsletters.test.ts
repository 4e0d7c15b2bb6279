// Newsletter sending against the emulators: the real callables and task queue
// mail the catcher once per recipient, whoever clicks how often; the send's
// batches and delivery records live under the newsletter, and the last batch
// marks it sent; the signed unsubscribe link works and later sends skip the
// member. The batches' exactly-once machinery (a retried or duplicated batch, a
// lease another worker holds) is tested on its own in mail-batches.test.ts.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { NewsletterSendResult } from '../../../src/domain/callables';
import { claimAndQueueSend, deliverBatch, type SendDeps } from '../../../functions/src/editorial/send';
import { functionsOrigin } from '../helpers/callable';
import { PROJECT_ID, adminDb, afterSentinel, eventually } from '../helpers/emulator';
import { writeNewsletter } from '../helpers/factories';
import { newsletterUnsubscribeLink, oneClickUnsubscribe, useNewsletterMailbox } from '../helpers/mailbox';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const mailbox = useNewsletterMailbox();

/** A published, unsent issue with a subtitle and Markdown content (`overrides` on top); returns its id. */
function publishedNewsletter(overrides: Record<string, unknown> = {}): Promise<string> {
  return writeNewsletter({
    subtitle: 'Test issue',
    content: '## News\n\n1. **First:** one\n2. **Second:** two',
    updated_at: new Date(),
    ...overrides,
  });
}

/** The mails of newsletter `id` that `member` has received. */
const issuesTo = (member: Member, id: string) => mailbox.issuesTo(member.email, id);

describe('sendNewsletter', () => {
  it('refuses visitors, members and bad requests', async () => {
    const member = await makeMember();
    const id = await publishedNewsletter();
    expect(
      (await callAs('sendNewsletter', undefined, { newsletterId: id, group: 'all' })).error?.status,
    ).toBe('UNAUTHENTICATED');
    expect((await callAs('sendNewsletter', member, { newsletterId: id, group: 'all' })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
    const admin = await makeMember({ admin: true });
    expect(
      (await callAs('sendNewsletter', admin, { newsletterId: id, group: 'everyone' })).error?.status,
    ).toBe('INVALID_ARGUMENT');
    const draft = await publishedNewsletter({ is_published: false });
    expect((await callAs('sendNewsletter', admin, { newsletterId: draft, group: 'all' })).error?.status).toBe(
      'FAILED_PRECONDITION',
    );
    expect((await adminDb().collection(`newsletters/${id}/deliveries`).get()).size).toBe(0);
  });

  it('three admins sending at once mail each recipient exactly once; the unverified and unsubscribed get nothing', async () => {
    const admin = await makeMember({ admin: true, profile: { category: 'Publisher' } });
    const recipients: Member[] = [admin];
    for (let i = 0; i < 5; i++) recipients.push(await makeMember({ profile: { category: 'Publisher' } }));
    const unverified = await makeMember({ verified: false, profile: { category: 'Publisher' } });
    const unsubscribed = await makeMember({ profile: { category: 'Publisher' } });
    const pending = await makeMember({ profile: { category: 'Publisher', approval_status: 'pending' } });
    const author = await makeMember({ profile: { category: 'Book Author' } });
    await adminDb()
      .doc(`newsletter_preferences/${unsubscribed.uid}`)
      .set({ unsubscribed: true, updated_at: new Date() });

    const audience = await callAs<{ counts: Record<string, number> }>('newsletterAudience', admin, {});
    expect(audience.result?.counts.publisher).toBe(recipients.length);
    expect(audience.result?.counts.admin).toBe(1);

    const id = await publishedNewsletter();
    const answers = await Promise.all(
      [admin, admin, admin].map(() =>
        callAs<NewsletterSendResult>('sendNewsletter', admin, { newsletterId: id, group: 'publisher' }),
      ),
    );
    expect(answers.map((a) => a.result?.recipientCount)).toEqual([6, 6, 6]);
    expect(answers.filter((a) => a.result?.alreadySent === false)).toHaveLength(1);

    const newsletter = await eventually(
      async () => (await adminDb().doc(`newsletters/${id}`).get()).data(),
      (data) => Boolean(data?.sent_at),
      30_000,
    );
    expect(newsletter?.recipient_count).toBe(6);
    for (const member of recipients) {
      const mails = await eventually(
        () => issuesTo(member, id),
        (found) => found.length > 0,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('1. First: one');
      expect(mails[0]?.html).toContain('<ol><li><strong>First:</strong> one</li>');
    }
    for (const member of [unverified, unsubscribed, pending, author])
      expect(await issuesTo(member, id)).toHaveLength(0);

    // Sending again after completion sends nothing and reports the first send.
    const again = await callAs<NewsletterSendResult>('sendNewsletter', admin, {
      newsletterId: id,
      group: 'all',
    });
    expect(again.result).toEqual({ recipientCount: 6, alreadySent: true });
    // A new issue to the same recipients goes through the same callable and task queue, after anything
    // the second send might have queued: once every recipient has it, that send has had its chance.
    const next = await publishedNewsletter();
    await afterSentinel(
      () => callAs<NewsletterSendResult>('sendNewsletter', admin, { newsletterId: next, group: 'publisher' }),
      () => Promise.all(recipients.map((member) => issuesTo(member, next))),
      (mails) => mails.every((found) => found.length > 0),
      30_000,
    );
    for (const member of recipients) expect(await issuesTo(member, id)).toHaveLength(1);
  }, 90_000);
});

describe('its batches', () => {
  it('keep their records under the newsletter; the last one sets sent_at and recipient_count; a deleted newsletter mails nobody more', async () => {
    const db = adminDb();
    const id = await publishedNewsletter();
    const recipients = Array.from({ length: 150 }, (_, i) => ({
      uid: `n${String(i).padStart(3, '0')}`,
      email: `n${i}@example.com`,
      name: `Reader ${i}`,
    }));
    const mailed: string[] = [];
    const queued: string[] = [];
    const deps: SendDeps = {
      firestore: db,
      now: () => new Date(),
      enqueueBatch: async (_id, batch) => void queued.push(batch),
      sendMail: async (mail) => void mailed.push(mail.to),
    };
    expect(await claimAndQueueSend(deps, id, 'all', recipients, 'admin')).toEqual({
      recipientCount: 150,
      alreadySent: false,
    });
    expect(queued).toEqual(['0000', '0001']);
    expect((await db.doc(`newsletters/${id}/batches/0001`).get()).get('recipients')).toHaveLength(50);
    expect(await deliverBatch(deps, id, '0000')).toEqual({ sent: 100, skipped: 0, open: 0, suppressed: 0 });
    expect((await db.doc(`newsletters/${id}/deliveries/n000`).get()).get('status')).toBe('sent');
    expect((await db.doc(`newsletters/${id}`).get()).get('sent_at')).toBeNull();
    expect(await deliverBatch(deps, id, '0001')).toEqual({ sent: 50, skipped: 0, open: 0, suppressed: 0 });
    const done = await db.doc(`newsletters/${id}`).get();
    expect(done.get('sent_at')).toBeInstanceOf(Timestamp);
    expect(done.get('recipient_count')).toBe(150);
    expect((await db.doc(`newsletters/${id}/send/state`).get()).data()).toMatchObject({
      batch_count: 2,
      batches_done: 2,
      queued: true,
      completed_at: done.get('sent_at'),
    });
    expect(new Set(mailed).size).toBe(150);

    const deleted = await publishedNewsletter();
    await claimAndQueueSend(deps, deleted, 'all', recipients.slice(0, 3), 'admin');
    await db.doc(`newsletters/${deleted}`).delete();
    expect(await deliverBatch(deps, deleted, '0000')).toEqual({
      sent: 0,
      skipped: 0,
      open: 0,
      suppressed: 0,
    });
    expect(mailed).toHaveLength(150);
    expect((await db.doc(`newsletters/${deleted}/send/state`).get()).get('completed_at')).toBeInstanceOf(
      Timestamp,
    );
  });
});

describe('a claiming call that dies before queuing', () => {
  it('is queued again by a later request once the grace minute has passed, and still counted once', async () => {
    const db = adminDb();
    const id = await publishedNewsletter();
    let clock = Date.now();
    const queued: string[] = [];
    const recipients = [{ uid: 'q1', email: 'q1@example.com', name: 'Q' }];
    const dying: SendDeps = {
      firestore: db,
      now: () => new Date(clock),
      sendMail: async () => {},
      enqueueBatch: async () => {
        throw new Error('queue unreachable');
      },
    };
    await expect(claimAndQueueSend(dying, id, 'all', recipients, 'admin')).rejects.toThrow(
      'queue unreachable',
    );
    const healthy: SendDeps = { ...dying, enqueueBatch: async (_id, batch) => void queued.push(batch) };
    expect(await claimAndQueueSend(healthy, id, 'all', recipients, 'admin')).toEqual({
      recipientCount: 1,
      alreadySent: true,
    });
    expect(queued).toEqual([]);
    clock += 2 * 60_000;
    expect(await claimAndQueueSend(healthy, id, 'all', recipients, 'admin')).toEqual({
      recipientCount: 1,
      alreadySent: true,
    });
    expect(queued).toEqual(['0000']);
  });
});

describe('unsubscribe', () => {
  it('the signed link asks first, unsubscribes on POST, refuses a bad signature, and later sends skip the member', async () => {
    const admin = await makeMember({ admin: true, profile: { category: 'Book Lover/Marketer' } });
    const reader = await makeMember({ profile: { category: 'Book Lover/Marketer' } });
    const id = await publishedNewsletter();
    await callAs<NewsletterSendResult>('sendNewsletter', admin, { newsletterId: id, group: 'book-lover' });
    const mail = await mailbox.waitFor(reader.email, `Issue ${id}`, 30_000);
    const link = newsletterUnsubscribeLink(mail);

    // The test reaches the function at the emulator address the link names.
    const url = new URL(link);
    expect(url.origin).toBe(await functionsOrigin());
    expect(url.pathname).toBe(`/${PROJECT_ID}/us-central1/newsletterUnsubscribe`);

    const confirm = await fetch(url);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('Unsubscribe from Shelfmark newsletters?');
    expect((await adminDb().doc(`newsletter_preferences/${reader.uid}`).get()).exists).toBe(false);

    const forged = new URL(url);
    forged.searchParams.set('u', admin.uid);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);

    const oneClick = await oneClickUnsubscribe(url);
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You have been unsubscribed');
    expect((await adminDb().doc(`newsletter_preferences/${reader.uid}`).get()).get('unsubscribed')).toBe(
      true,
    );

    const audience = await callAs<{ counts: Record<string, number> }>('newsletterAudience', admin, {});
    expect(audience.result?.counts['book-lover']).toBe(1);
    const next = await publishedNewsletter();
    const sent = await callAs<NewsletterSendResult>('sendNewsletter', admin, {
      newsletterId: next,
      group: 'book-lover',
    });
    expect(sent.result?.recipientCount).toBe(1);
    await mailbox.waitFor(admin.email, `Issue ${next}`, 30_000);
    expect((await mailbox.mailsTo(reader.email)).filter((m) => m.subject === `Issue ${next}`)).toHaveLength(
      0,
    );
  }, 90_000);
});
