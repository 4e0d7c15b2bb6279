// What a member sees and does about mail to their own address being stopped
// (the suppression list, functions/src/mail/suppressions.ts):
//
// - mailDeliveryStatus: whether mail to the signed-in member's address is
//   stopped, why and since when (the only way a client learns anything from
//   the list, and only about its own address).
// - requestMailReconfirm: sends the one mail that bypasses the suppression, with
//   a signed link (the uid, the mailbox and an expiry, under MAIL_SUPPRESSION_SECRET;
//   the address is not in the link). Throttled per member.
// - confirmMailDelivery: the link's page. GET only asks (mail scanners open
//   links); POST lifts the suppression of the account's address as it is now,
//   so a link for an address the account left lifts nothing. A complaint is
//   lifted only this way: by the member's explicit action.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpsError, onRequest } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { mailboxKey } from '../../../src/domain/shared/mailbox';
import { deliveryNoticeOf, isSuppressed } from '../../../src/domain/mail/suppression';
import type { MailDeliveryStatus, MailReconfirmResult } from '../../../src/domain/callables';
import { adminAuth } from '../shared/admin-auth';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { mailBrand } from '../mail/brand';
import { memberMailName } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { emulatorFunctionUrl } from '../mail/settings';
import { liftSuppression, readSuppression, suppressionSecret } from '../mail/suppressions';
import { mailReconfirmEmail } from '../mail/templates';
import { unsubscribePage, type UnsubscribeMessages } from '../mail/unsubscribe-page';
import { consumeAttempt } from './throttle';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How long a reconfirmation link works. */
export const RECONFIRM_LINK_MS = DAY_MS;

/** The message when a member asks too often. */
export const RECONFIRM_THROTTLED_MESSAGE =
  'Too many confirmation emails requested. Please wait a while and try again.';

function signReconfirm(uid: string, email: string, expires: number): string {
  return createHmac('sha256', suppressionSecret())
    .update(`mail-reconfirm:${uid}:${mailboxKey(email)}:${expires}`)
    .digest('base64url');
}

/** The confirmation endpoint (the confirmMailDelivery function); MAIL_RECONFIRM_URL overrides the emulator default. */
function reconfirmEndpoint(): string {
  return process.env.MAIL_RECONFIRM_URL?.trim() || emulatorFunctionUrl('confirmMailDelivery');
}

/** The signed link that lifts the suppression of `email` for member `uid` until `now + RECONFIRM_LINK_MS`. */
export function reconfirmLink(uid: string, email: string, now = Date.now()): string {
  const expires = now + RECONFIRM_LINK_MS;
  const url = new URL(reconfirmEndpoint());
  url.searchParams.set('u', uid);
  url.searchParams.set('x', String(expires));
  url.searchParams.set('s', signReconfirm(uid, email, expires));
  return url.href;
}

/** True when `signature` signs `uid`'s `email` until `expires`, and that is still ahead of `now`. */
export function reconfirmValid(
  uid: string,
  email: string,
  expires: number,
  signature: string,
  now = Date.now(),
) {
  if (!Number.isSafeInteger(expires) || expires < now) return false;
  const expected = Buffer.from(signReconfirm(uid, email, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether mail to the signed-in member's address is stopped (why and since when). Session only. */
export const mailDeliveryStatus = guardedCall(
  'session',
  async (_request, caller): Promise<MailDeliveryStatus> => {
    const user = await adminAuth().getUser(caller.uid);
    if (!user.email) return { notice: null };
    return { notice: deliveryNoticeOf(await readSuppression(db(), user.email)) };
  },
  { signIn: 'Please sign in to see your account.' },
);

/**
 * Sends the signed-in member the one mail that proves their stopped address
 * again. 'not-suppressed' when mail is not stopped (nothing sent). Throttled:
 * one a minute, five a day. Errors: resource-exhausted, internal.
 */
export const requestMailReconfirm = guardedCall(
  'session',
  async (_request, caller): Promise<MailReconfirmResult> => {
    const firestore = db();
    const user = await adminAuth().getUser(caller.uid);
    if (!user.email || !isSuppressed(await readSuppression(firestore, user.email)))
      return { status: 'not-suppressed' };
    await consumeAttempt(
      firestore,
      [
        {
          kind: 'mail-reconfirm',
          value: caller.uid,
          limits: [
            { max: 1, windowMs: MINUTE_MS },
            { max: 5, windowMs: DAY_MS },
          ],
        },
      ],
      RECONFIRM_THROTTLED_MESSAGE,
    );
    const [name, brand] = await Promise.all([memberMailName(firestore, caller.uid), mailBrand(firestore)]);
    try {
      await sendMail(
        { to: user.email, ...mailReconfirmEmail(name, reconfirmLink(caller.uid, user.email), brand) },
        { stream: 'account', bypassSuppression: true },
      );
    } catch (error) {
      logger.error('mail reconfirm: the email was not sent', { uid: caller.uid, error });
      throw new HttpsError('internal', 'The confirmation email could not be sent. Please try again later.');
    }
    return { status: 'sent' };
  },
  { signIn: 'Please sign in to ask for a confirmation email.' },
);

const PAGES: UnsubscribeMessages = {
  confirm: {
    title: 'Start Shelfmark emails again?',
    body: 'Press the button to confirm that this address works and is yours. Shelfmark will email it again.',
    button: 'Start emails again',
  },
  done: {
    title: 'Emails to your address are on again',
    body: 'Thank you for confirming your address. You will receive Shelfmark emails again.',
  },
  invalid: {
    title: 'This link is not valid',
    body: 'It may have expired, or your account’s address changed since. Ask for a new one on your account page.',
  },
};

/** The reconfirmation link: GET asks, POST lifts the suppression (see the file comment). */
export const confirmMailDelivery = onRequest(async (req, res) => {
  const uid = typeof req.query.u === 'string' ? req.query.u : '';
  const expires = Number(typeof req.query.x === 'string' ? req.query.x : NaN);
  const signature = typeof req.query.s === 'string' ? req.query.s : '';
  res.set('Cache-Control', 'private, no-store');
  res.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  const email = /^[A-Za-z0-9_-]{1,128}$/.test(uid)
    ? await adminAuth()
        .getUser(uid)
        .then((user) => user.email ?? null)
        .catch(() => null)
    : null;
  if (email === null || !reconfirmValid(uid, email, expires, signature)) {
    res.status(400).type('html').send(unsubscribePage('invalid', PAGES));
    return;
  }
  if (req.method === 'POST') {
    const lifted = await liftSuppression(db(), email);
    logger.info('mail reconfirm: address proved', { uid, lifted });
    res.status(200).type('html').send(unsubscribePage('done', PAGES));
    return;
  }
  res.status(200).type('html').send(unsubscribePage('confirm', PAGES));
});
