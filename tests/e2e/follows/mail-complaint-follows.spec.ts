// A complaint stops the next digest, against the production build and the local
// mail provider stand-in: two instant followers get an author's first book by
// alert; the author's second book that day waits for the weekly digest; one
// follower presses "Report as spam" on the alert (on the stand-in's page, as in
// a mailbox), which reaches the mailWebhook as a signed complaint; the digest
// then goes to the other follower only.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readSuppression } from '../../../functions/src/mail/suppressions';
import { memberFollowId } from '../../../src/domain/follows/follows';
import { MAIL_STANDIN_URL } from '../../../scripts/lib/mail-standin.mjs';
import { adminDb, expect, test } from '../helpers/fixtures';
import { AUTH_EMULATOR_HOST, MAILDEV_URL } from '../helpers/emulators';
import { findMail, type CaughtMail } from '../helpers/mail';
import { freshMember, storedBook, type FreshMember } from '../helpers/members';

process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
const SLOW = { timeout: 60_000 };

/** Runs the scheduled weeklyFollowDigest's handler once (scripts/weekly-digest.ts), as its schedule would. */
async function runWeeklyDigest(): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/weekly-digest.ts'], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? AUTH_EMULATOR_HOST,
    },
  });
}

async function mailsTo(address: string, subject: RegExp): Promise<CaughtMail[]> {
  const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as CaughtMail[];
  return mails.filter(
    (m) => subject.test(m.subject) && m.to.some((r) => r.address.toLowerCase() === address.toLowerCase()),
  );
}

async function publishBook(author: FreshMember, title: string): Promise<string> {
  const ref = await adminDb().collection('books').add(storedBook(author, title));
  await expect.poll(async () => (await adminDb().doc(`book_alerts/${ref.id}`).get()).exists, SLOW).toBe(true);
  return ref.id;
}

test('a reader who reports an alert as spam gets no digest; the other follower does', async ({ page }) => {
  test.setTimeout(240_000);
  const author = await freshMember('Cara Complained');
  const [annoyed, happy] = await Promise.all([
    freshMember('Annoyed Ari', { category: 'Book Lover/Marketer' }),
    freshMember('Happy Hal', { category: 'Book Lover/Marketer' }),
  ]);
  for (const reader of [annoyed, happy])
    await adminDb()
      .doc(`follows/${memberFollowId(author.uid, reader.uid)}`)
      .set({
        author_uid: author.uid,
        follower: { kind: 'member', uid: reader.uid },
        mode: 'instant',
        created_at: new Date(),
      });

  const first = `Spam Or Not ${Date.now()}`;
  await publishBook(author, first);
  const alert = new RegExp(`^New from Cara Complained: ${first}$`);
  await findMail(annoyed.email, alert, 90_000);
  await findMail(happy.email, alert, 90_000);
  // The second book that day waits for the digest (one alert per author per follower a day).
  const second = `Second Helping ${Date.now()}`;
  const secondId = await publishBook(author, second);
  // Its alert round (a task, after the alert delay) keeps it on both follows for the digest.
  const deferredOf = async (reader: FreshMember) =>
    ((
      await adminDb()
        .doc(`follows/${memberFollowId(author.uid, reader.uid)}`)
        .get()
    ).get('deferred_book_ids') as string[] | undefined) ?? [];
  for (const reader of [annoyed, happy])
    await expect.poll(() => deferredOf(reader), SLOW).toContain(secondId);

  // The annoyed reader presses "Report as spam" on the alert.
  await page.goto(MAIL_STANDIN_URL);
  await page
    .getByRole('button', { name: `Report “New from Cara Complained: ${first}” to ${annoyed.email} as spam` })
    .click();
  await expect(page.getByRole('status')).toHaveText('Complaint sent.');
  await expect
    .poll(async () => (await readSuppression(adminDb(), annoyed.email))?.reason, { timeout: 30_000 })
    .toBe('complaint');

  await runWeeklyDigest();
  const digest = await findMail(happy.email, /new books from authors you follow/, 30_000);
  expect(digest.text).toContain(second);
  expect(await mailsTo(annoyed.email, /new books from authors you follow/)).toHaveLength(0);
});
