// The mail that tells a member an admin decided their claim of an author page
// (src/domain/books/author-claim.ts). Sent once, after the decision commits (a
// decision is made once: adminAuthorClaims refuses a decided claim), to the
// member's verified address only, greeting them by their validated profile name.
// A failed send is logged and does not undo the decision: the author page shows
// the member where their claim stands either way.
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { mailBrand } from '../mail/brand';
import { memberMailAddress, memberMailName } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { composeMail, defaultBrand, type MailBrand, type MailContent } from '../mail/templates';

/** A decided claim, as the mail names it. */
export interface ClaimDecision {
  uid: string;
  slug: string;
  /** The author's name, from the catalogue's validated book data. */
  authorName: string;
  approved: boolean;
  /** The admin's reason for a rejection. */
  reason: string | null;
}

/** The mail for a decision. */
export function claimDecisionEmail(
  decision: ClaimDecision,
  displayName: string,
  pageUrl: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  const reason = `You received this email because you claimed an author page on ${brand.title}.`;
  if (decision.approved)
    return composeMail(
      {
        subject: `Your claim of ${decision.authorName}’s page is approved`,
        name: displayName,
        paragraphs: [
          `An administrator approved your claim: ${decision.authorName}’s books on ${brand.title} now show on your profile, and you can add where to buy them from each book’s page.`,
        ],
        action: { label: `Open ${decision.authorName}’s page`, url: pageUrl },
        reason,
      },
      brand,
    );
  return composeMail(
    {
      subject: `About your claim of ${decision.authorName}’s page`,
      name: displayName,
      paragraphs: [
        `An administrator could not approve your claim of ${decision.authorName}’s page.`,
        ...(decision.reason ? [`Their reason: ${decision.reason}`] : []),
        'You can claim the page again with more to go on from the page itself.',
      ],
      action: { label: `Open ${decision.authorName}’s page`, url: pageUrl },
      reason,
    },
    brand,
  );
}

/** Mails the member about `decision` (see the file comment); never throws. */
export async function mailClaimDecision(firestore: Firestore, decision: ClaimDecision): Promise<void> {
  try {
    const to = await memberMailAddress(decision.uid);
    if (to === null) {
      logger.warn('claim decision mail: no verified address; not sent', { uid: decision.uid });
      return;
    }
    const [name, brand] = await Promise.all([memberMailName(firestore, decision.uid), mailBrand(firestore)]);
    const pageUrl = new URL(`/authors/${encodeURIComponent(decision.slug)}`, siteUrl()).href;
    const outcome = await sendMail(
      { to, ...claimDecisionEmail(decision, name, pageUrl, brand) },
      { stream: 'account' },
    );
    logger.info('claim decision mail', { uid: decision.uid, slug: decision.slug, outcome });
  } catch (error) {
    logger.error('claim decision mail: sending failed', { uid: decision.uid, error });
  }
}
