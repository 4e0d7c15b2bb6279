// Newsletters to visitors who subscribed (newsletter_subscribers), against the
// emulators: the subscribers group is counted and sent exactly once through the
// same callables and task queue as the member groups; 'All Users' mails each
// address once (a member who also subscribed gets the member's copy); the
// subscriber's signed unsubscribe link asks on GET, unsubscribes on the one-click
// POST, and cannot be turned against another address; the admin's CSV lists them.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { NewsletterSendResult } from '../../../src/domain/callables';
import { NEWSLETTER_SUBSCRIBERS } from '../../../src/domain/editorial/newsletter-subscriber';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { adminDb, eventually } from '../helpers/emulator';
import { newEmail, writeNewsletter } from '../helpers/factories';
import { newsletterUnsubscribeLink, oneClickUnsubscribe, useNewsletterMailbox } from '../helpers/mailbox';
import { callAs, makeMember } from '../helpers/profile-members';

const mailbox = useNewsletterMailbox();

async function subscribe(email: string): Promise<string> {
  const hash = emailHash(email);
  await adminDb()
    .doc(`${NEWSLETTER_SUBSCRIBERS}/${hash}`)
    .set({ email, confirmed_at: Timestamp.fromDate(new Date('2026-11-01T10:00:00Z')) });
  return hash;
}

/** A published, unsent issue saying 'Hello readers'; returns its id. */
const publishedNewsletter = () => writeNewsletter({ content: 'Hello readers' });

describe('the subscribers group', () => {
  it('is counted, sent exactly once however often the admins click, and leaves the members out', async () => {
    const admin = await makeMember({ admin: true });
    const visitors = [newEmail('sub-a'), newEmail('sub-b'), newEmail('sub-c')];
    for (const email of visitors) await subscribe(email);

    const audience = await callAs<{ counts: Record<string, number> }>('newsletterAudience', admin, {});
    expect(audience.result?.counts.subscribers).toBe(3);

    const id = await publishedNewsletter();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        callAs<NewsletterSendResult>('sendNewsletter', admin, { newsletterId: id, group: 'subscribers' }),
      ),
    );
    expect(answers.map((a) => a.result?.recipientCount)).toEqual([3, 3, 3]);
    expect(answers.filter((a) => a.result?.alreadySent === false)).toHaveLength(1);
    await eventually(
      async () => (await adminDb().doc(`newsletters/${id}`).get()).get('sent_at'),
      Boolean,
      30_000,
    );
    for (const email of visitors) {
      const mails = await eventually(
        () => mailbox.issuesTo(email, id),
        (found) => found.length > 0,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(
        'You receive this because you subscribed to the Shelfmark newsletters.',
      );
    }
    expect(await mailbox.issuesTo(admin.email, id)).toHaveLength(0);
  }, 90_000);
});

describe("'All Users'", () => {
  it('mails a member who also subscribed as a visitor once, with the member copy', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    await subscribe(member.email.toUpperCase());
    const visitor = newEmail('visitor');
    await subscribe(visitor);

    const audience = await callAs<{ counts: Record<string, number> }>('newsletterAudience', admin, {});
    expect(audience.result?.counts.all).toBe(3);
    const id = await publishedNewsletter();
    const sent = await callAs<NewsletterSendResult>('sendNewsletter', admin, {
      newsletterId: id,
      group: 'all',
    });
    expect(sent.result?.recipientCount).toBe(3);
    await eventually(
      async () => (await adminDb().doc(`newsletters/${id}`).get()).get('sent_at'),
      Boolean,
      30_000,
    );
    const memberMails = await eventually(
      () => mailbox.issuesTo(member.email, id),
      (found) => found.length > 0,
    );
    await eventually(
      () => mailbox.issuesTo(visitor, id),
      (found) => found.length > 0,
    );
    expect(memberMails).toHaveLength(1);
    expect(memberMails[0]?.text).toContain('You receive this because you are a Shelfmark member.');
    expect(await mailbox.issuesTo(visitor, id)).toHaveLength(1);
  }, 90_000);
});

describe("a subscriber's unsubscribe link", () => {
  it('asks on GET, unsubscribes on the one-click POST, and cannot be forged for another address', async () => {
    const admin = await makeMember({ admin: true });
    const reader = newEmail('reader');
    const other = newEmail('other');
    const readerHash = await subscribe(reader);
    const otherHash = await subscribe(other);
    const id = await publishedNewsletter();
    await callAs<NewsletterSendResult>('sendNewsletter', admin, { newsletterId: id, group: 'subscribers' });
    const mail = await mailbox.waitFor(reader, `Issue ${id}`, 30_000);
    const link = newsletterUnsubscribeLink(mail);
    const url = new URL(link);
    expect(url.searchParams.get('e')).toBe(readerHash);
    const subscribed = async (hash: string) =>
      (await adminDb().doc(`${NEWSLETTER_SUBSCRIBERS}/${hash}`).get()).exists;

    // A mail scanner opening the link unsubscribes nobody.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from Shelfmark newsletters?');
    expect(await subscribed(readerHash)).toBe(true);

    // The reader's signature does not unsubscribe another address, nor a member by that id.
    const forged = new URL(url);
    forged.searchParams.set('e', otherHash);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    const asMember = new URL(url);
    asMember.searchParams.delete('e');
    asMember.searchParams.set('u', readerHash);
    expect((await fetch(asMember, { method: 'POST' })).status).toBe(400);
    expect(await subscribed(otherHash)).toBe(true);

    const oneClick = await oneClickUnsubscribe(url);
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You can subscribe again at any time from the newsletters page.');
    expect(await subscribed(readerHash)).toBe(false);
    expect(await subscribed(otherHash)).toBe(true);
  }, 90_000);
});

describe('the CSV export', () => {
  it('gives admins every subscriber and refuses members', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    const email = newEmail('csv');
    await subscribe(email);
    const csv = await callAs<{ csv: string; count: number }>('newsletterSubscribersCsv', admin, {});
    expect(csv.result?.count).toBe(1);
    expect(csv.result?.csv).toBe(`email,confirmed_at\r\n${email},2026-11-01T10:00:00.000Z\r\n`);
    expect((await callAs('newsletterSubscribersCsv', member, {})).error?.status).toBe('PERMISSION_DENIED');
    expect((await callAs('newsletterSubscribersCsv', undefined, {})).error?.status).toBe('UNAUTHENTICATED');
  });
});
