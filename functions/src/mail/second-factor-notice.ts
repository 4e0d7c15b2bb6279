// The security notice an admin gets when their two-step sign-in changes (turned
// on, turned off, reset by another admin): the one warning a person who only
// stole the password cannot stop, since it goes to the account's verified address.
import * as logger from 'firebase-functions/logger';
import { db } from '../shared/firestore';
import { mailBrand } from './brand';
import { memberMailAddress, memberMailName } from './member-address';
import { sendMail } from './send-mail';
import { composeMail, type MailBrand, type MailContent } from './templates';

/** What happened to the member's second factor. */
export type SecondFactorChange = 'on' | 'off' | 'reset';

const WHAT: Record<SecondFactorChange, string> = {
  on: 'Two-step sign-in was turned on for your account: from now on your admin powers need a code from the authenticator app that was set up.',
  off: 'Two-step sign-in was turned off for your account: your admin powers stay closed until it is set up again.',
  reset:
    'Another administrator reset the two-step sign-in of your account: set it up again from your account page to use your admin powers.',
};

/** The notice mail for `change`. */
export function secondFactorNoticeEmail(
  name: string,
  change: SecondFactorChange,
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `Two-step sign-in changed on your ${brand.title} account`,
      name,
      paragraphs: [
        WHAT[change],
        `If this was not you, reset your password from the login page and tell the other ${brand.title} administrators at once.`,
      ],
      action: { label: 'Open your account', url: `${brand.siteUrl}/account` },
      reason: `You received this email because the two-step sign-in of your ${brand.title} account changed.`,
    },
    brand,
  );
}

/** Mails the notice to the member's verified address; a failure is logged, never thrown (the change stands). */
export async function sendSecondFactorNotice(uid: string, change: SecondFactorChange): Promise<void> {
  try {
    const to = await memberMailAddress(uid);
    if (!to) return;
    const firestore = db();
    const brand = await mailBrand(firestore);
    await sendMail(
      { to, ...secondFactorNoticeEmail(await memberMailName(firestore, uid), change, brand) },
      {
        stream: 'account',
      },
    );
  } catch (error) {
    logger.error('second factor notice not sent', { uid, change, error });
  }
}
