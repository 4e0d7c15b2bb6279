// A member whose address is on the suppression list, through the emulated
// callables: mailDeliveryStatus tells them (and only about their own address),
// requestMailReconfirm sends the one mail that bypasses the list, and its link
// lifts the suppression on POST only (GET asks), never for a forged or expired
// link or one for an address the account has left.
import { describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { applyDeliveryEvent, readSuppression } from '../../../functions/src/mail/suppressions';
import type { MailDeliveryStatus, MailReconfirmResult } from '../../../src/domain/callables';
import { adminDb, uniqueId } from '../helpers/emulator';
import { useMailbox } from '../helpers/mailbox';
import { callAs, makeMember } from '../helpers/profile-members';

process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
const mailbox = useMailbox();
const db = adminDb();

const suppress = (email: string, kind: 'hard-bounce' | 'complaint', at = Date.now() - 1000) =>
  applyDeliveryEvent(db, 'test', { id: uniqueId('evt'), kind, address: email, at, batch: null });

/** The link in the latest reconfirmation mail to `email`. */
async function linkIn(email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, 'emails again');
  const link = /https?:\/\/[^\s"<>]+confirmMailDelivery[^\s"<>]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return link.replace(/&amp;/g, '&');
}

describe('a member whose address bounced', () => {
  it('sees why and since when; nobody else sees anything', async () => {
    const member = await makeMember();
    const other = await makeMember();
    const at = Date.now() - 60_000;
    await suppress(member.email, 'hard-bounce', at);
    const mine = await callAs<MailDeliveryStatus>('mailDeliveryStatus', member, null);
    expect(mine.result).toEqual({ notice: { reason: 'hard-bounce', since: at } });
    expect((await callAs<MailDeliveryStatus>('mailDeliveryStatus', other, null)).result).toEqual({
      notice: null,
    });
    expect((await callAs('mailDeliveryStatus', undefined, null)).error?.status).toBe('UNAUTHENTICATED');
  });

  it('proves the address again: the mail goes despite the list, GET asks, POST lifts', async () => {
    const member = await makeMember();
    await suppress(member.email, 'hard-bounce');
    const answer = await callAs<MailReconfirmResult>('requestMailReconfirm', member, null);
    expect(answer.result).toEqual({ status: 'sent' });
    const link = await linkIn(member.email);

    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Start emails again');
    expect((await readSuppression(db, member.email))?.reason).toBe('hard-bounce');

    // A forged signature and an expired link lift nothing.
    const forged = new URL(link);
    forged.searchParams.set('s', 'x'.repeat(43));
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    const stale = new URL(link);
    stale.searchParams.set('x', String(Date.now() - 1));
    expect((await fetch(stale, { method: 'POST' })).status).toBe(400);
    expect((await readSuppression(db, member.email))?.reason).toBe('hard-bounce');

    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    expect((await readSuppression(db, member.email))?.reason).toBeNull();
    expect((await callAs<MailDeliveryStatus>('mailDeliveryStatus', member, null)).result).toEqual({
      notice: null,
    });
    // Nothing to prove now: no mail, 'not-suppressed'.
    expect((await callAs<MailReconfirmResult>('requestMailReconfirm', member, null)).result).toEqual({
      status: 'not-suppressed',
    });
  });

  it('a link for an address the account has left lifts nothing', async () => {
    const member = await makeMember();
    await suppress(member.email, 'complaint');
    await callAs('requestMailReconfirm', member, null);
    const link = await linkIn(member.email);
    await getAuth(getApps()[0]).updateUser(member.uid, { email: `${uniqueId('moved')}@example.com` });
    expect((await fetch(link, { method: 'POST' })).status).toBe(400);
    expect((await readSuppression(db, member.email))?.reason).toBe('complaint');
  });
});
