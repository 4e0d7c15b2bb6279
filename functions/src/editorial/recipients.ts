/**
 * Who receives a newsletter: active, approved members with a verified address
 * who have not unsubscribed, in the chosen group (src/domain/editorial/newsletter.ts);
 * the same verified-address rule as every member mail (mail/member-address.ts).
 * Visitors who subscribed and confirmed (newsletter_subscribers) are their own
 * group, and part of 'all', where each address gets one copy: a subscriber
 * whose address is a recipient member's gets the member's mail only.
 * Emails come from Auth and the subscriptions here, on the server; they never
 * reach the browser.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import {
  NEWSLETTER_RECIPIENT_GROUPS,
  isNewsletterRecipient,
  type RecipientGroup,
} from '../../../src/domain/editorial/newsletter';
import type { Profile } from '../../../src/domain/accounts/profile';
import { verifiedAddress } from '../mail/member-address';
import { normalizeEmail } from '../../../src/domain/shared/common';
import { NEWSLETTER_SUBSCRIBERS } from '../../../src/domain/editorial/newsletter-subscriber';
import { subscriberRecipient, type NewsletterRecipient } from './newsletter-mail';

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

/** Every confirmed visitor subscriber, ordered by the hash of the address (the document id). */
export async function subscriberCandidates(firestore: Firestore): Promise<NewsletterRecipient[]> {
  const snapshot = await firestore
    .collection(NEWSLETTER_SUBSCRIBERS)
    .orderBy('__name__')
    .select('email')
    .get();
  return snapshot.docs
    .filter((d) => typeof d.get('email') === 'string')
    .map((d) => subscriberRecipient(normalizeEmail(d.get('email') as string), d.id));
}

/** Who a send could reach: the members who receive newsletters and the visitor subscribers. */
export interface Audience {
  members: readonly Candidate[];
  subscribers: readonly NewsletterRecipient[];
}

/** Members and subscribers, read together. */
export async function newsletterAudienceOf(firestore: Firestore, auth: Auth): Promise<Audience> {
  const [members, subscribers] = await Promise.all([
    newsletterCandidates(firestore, auth),
    subscriberCandidates(firestore),
  ]);
  return { members, subscribers };
}

/**
 * The recipients of `group`, one per address: members first (in uid order), then
 * the subscribers whose address no member recipient has.
 */
export function recipientsOf(audience: Audience, group: RecipientGroup): NewsletterRecipient[] {
  const members = audience.members.filter((c) => inGroup(c, group)).map((c) => c.recipient);
  if (group !== 'all' && group !== 'subscribers') return members;
  const seen = new Set(members.map((m) => normalizeEmail(m.email)));
  const subscribers = audience.subscribers.filter((s) => {
    const address = normalizeEmail(s.email);
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
  return [...members, ...subscribers];
}

/** The audience of every group. */
export function audienceCounts(audience: Audience): Record<RecipientGroup, number> {
  return Object.fromEntries(
    NEWSLETTER_RECIPIENT_GROUPS.map((g) => [g.value, recipientsOf(audience, g.value).length]),
  ) as Record<RecipientGroup, number>;
}
