/**
 * Who receives a newsletter: active, approved members with a verified address
 * who have not unsubscribed, in the chosen group (src/domain/newsletter.ts);
 * the same verified-address rule as every member mail (mail/member-address.ts).
 * Emails come from Auth here, on the server; they never reach the browser.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { mailSafeName } from '../../../src/domain/mail-name';
import {
  NEWSLETTER_RECIPIENT_GROUPS,
  isNewsletterRecipient,
  type RecipientGroup,
} from '../../../src/domain/newsletter';
import type { Profile } from '../../../src/domain/profile';
import { verifiedAddress } from '../mail/member-address';
import type { NewsletterRecipient } from './newsletter-mail';

/** A member who could receive newsletters, with what the groups are decided by. */
interface Candidate {
  recipient: NewsletterRecipient;
  category: Profile['category'];
  admin: boolean;
}

/** Every member who receives newsletters at all, with their group facts, ordered by uid. */
export async function newsletterCandidates(firestore: Firestore, auth: Auth): Promise<Candidate[]> {
  const [profiles, optOuts] = await Promise.all([
    firestore
      .collection('profiles')
      .where('is_active', '==', true)
      .where('approval_status', '==', 'approved')
      .select('display_name', 'category')
      .get(),
    firestore.collection('newsletter_preferences').where('unsubscribed', '==', true).select().get(),
  ]);
  const unsubscribed = new Set(optOuts.docs.map((d) => d.id));
  // The greeting's name only when it passes the display-name rules; else the neutral one below.
  const profileOf = new Map(
    profiles.docs.map((d) => [
      d.id,
      {
        name: mailSafeName(d.get('display_name')) ?? '',
        category: (d.get('category') as Profile['category']) ?? null,
      },
    ]),
  );

  const candidates: Candidate[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      const profile = profileOf.get(user.uid);
      const to = verifiedAddress(user);
      if (!profile || to === null) continue;
      const admin = user.customClaims?.admin === true;
      const eligible = isNewsletterRecipient(
        {
          profile: { is_active: true, approval_status: 'approved', category: profile.category },
          emailVerified: user.emailVerified,
          admin,
          unsubscribed: unsubscribed.has(user.uid),
        },
        'all',
      );
      if (eligible)
        candidates.push({
          recipient: { uid: user.uid, email: to, name: profile.name || 'Shelfmark member' },
          category: profile.category,
          admin,
        });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return candidates.sort((a, b) => (a.recipient.uid < b.recipient.uid ? -1 : 1));
}

function inGroup(candidate: Candidate, group: RecipientGroup): boolean {
  return isNewsletterRecipient(
    {
      profile: { is_active: true, approval_status: 'approved', category: candidate.category },
      emailVerified: true,
      admin: candidate.admin,
      unsubscribed: false,
    },
    group,
  );
}

/** The recipients of `group`. */
export function recipientsOf(candidates: readonly Candidate[], group: RecipientGroup): NewsletterRecipient[] {
  return candidates.filter((c) => inGroup(c, group)).map((c) => c.recipient);
}

/** The audience of every group. */
export function audienceCounts(candidates: readonly Candidate[]): Record<RecipientGroup, number> {
  return Object.fromEntries(
    NEWSLETTER_RECIPIENT_GROUPS.map((g) => [g.value, candidates.filter((c) => inGroup(c, g.value)).length]),
  ) as Record<RecipientGroup, number>;
}
