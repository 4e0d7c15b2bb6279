import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import {
  exportDocument,
  exportValue,
  inCreationOrder,
  MEMBER_EXPORT_FORMAT,
  OWNED_COLLECTIONS,
  type ExportedDocument,
  type MemberExport,
} from '../../../src/domain/accounts/member-export';
import { FOLLOWS } from '../../../src/domain/follows/follows';
import { MEMBER_KEYED_COLLECTIONS } from '../../../src/domain/accounts/member-records';
import { AD_CONTACT_PATH } from '../../../src/domain/market/classified-ad';
import { db } from '../shared/firestore';
import { adminAuth, authErrorCode } from '../shared/admin-auth';
import { subscriptionOf } from '../editorial/subscribers';
import { emailFollowsOf } from './delete-account';
import { targetOf } from './account-settings';
import { guardedCall } from '../shared/guard';

function documentsOf(snapshot: QuerySnapshot): ExportedDocument[] {
  return inCreationOrder(snapshot.docs.map((doc) => exportDocument(doc.id, doc.data())));
}

/** Documents of `collection` whose `field` is `uid`; [] when the query cannot run (a collection added later, a missing index). */
async function ownedBy(
  firestore: Firestore,
  collection: string,
  field: string,
  uid: string,
): Promise<ExportedDocument[]> {
  try {
    return documentsOf(await firestore.collection(collection).where(field, '==', uid).get());
  } catch (error) {
    logger.warn('export: a collection could not be read', { collection, error });
    return [];
  }
}

/** The exported ads with their member-only contact details (`contact_info`, null when none), read in one batch. */
async function withAdContacts(firestore: Firestore, ads: ExportedDocument[]): Promise<ExportedDocument[]> {
  if (ads.length === 0) return ads;
  const refs = ads.map((ad) =>
    firestore
      .collection('classified_ads')
      .doc(ad.id)
      .collection(AD_CONTACT_PATH.collection)
      .doc(AD_CONTACT_PATH.doc),
  );
  const contacts = await firestore.getAll(...refs);
  return ads.map((ad, i) => ({ ...ad, contact_info: exportValue(contacts[i]?.get('contact_info') ?? null) }));
}

/** The member's documents in MEMBER_KEYED_COLLECTIONS that exist, each with its collection's name. */
async function memberRecords(firestore: Firestore, uid: string): Promise<ExportedDocument[]> {
  const docs = await firestore.getAll(
    ...MEMBER_KEYED_COLLECTIONS.map((collection) => firestore.collection(collection).doc(uid)),
  );
  return docs.flatMap((doc, i) =>
    doc.exists ? [{ ...exportDocument(doc.id, doc.data()), collection: MEMBER_KEYED_COLLECTIONS[i] }] : [],
  );
}

/**
 * The newsletters sent to `uid`: each newsletter's delivery record
 * newsletters/{id}/deliveries/{uid}, with the newsletter's title, oldest first.
 * One read per newsletter, which stays cheap at a newsletter or two a month.
 */
async function newslettersReceived(firestore: Firestore, uid: string): Promise<ExportedDocument[]> {
  const newsletters = await firestore.collection('newsletters').select('title').get();
  if (newsletters.empty) return [];
  const deliveries = await firestore.getAll(
    ...newsletters.docs.map((newsletter) => newsletter.ref.collection('deliveries').doc(uid)),
  );
  const received = deliveries.flatMap((delivery, i) =>
    delivery.exists
      ? [
          {
            ...exportDocument(newsletters.docs[i]!.id, delivery.data()),
            title: exportValue(newsletters.docs[i]!.get('title') ?? null),
          },
        ]
      : [],
  );
  const sentAt = (d: ExportedDocument) => (typeof d.sent_at === 'string' ? d.sent_at : '');
  return received.sort((a, b) => sentAt(a).localeCompare(sentAt(b)) || a.id.localeCompare(b.id));
}

/** The member's own follows (as a follower), oldest first; [] when the query cannot run. */
async function followsOf(
  firestore: Firestore,
  uid: string,
  email: string | undefined,
): Promise<ExportedDocument[]> {
  try {
    const snapshot = await firestore
      .collection(FOLLOWS)
      .where('follower.kind', '==', 'member')
      .where('follower.uid', '==', uid)
      .get();
    // Follows made by email with the member's own address (as a visitor) are theirs too.
    const byEmail = email ? await emailFollowsOf(firestore, email).get() : null;
    return [...documentsOf(snapshot), ...(byEmail ? documentsOf(byEmail) : [])];
  } catch (error) {
    logger.warn('export: follows could not be read', { error });
    return [];
  }
}

/** Everything the site holds about `uid`, as the downloaded file. */
export async function memberExport(
  firestore: Firestore,
  uid: string,
  now = new Date(),
): Promise<MemberExport> {
  let user;
  try {
    user = await adminAuth().getUser(uid);
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
  const profileRef = firestore.collection('profiles').doc(uid);
  const [profile, privateRecords, slugs, blogPosts, records, deliveries, follows, ...owned] =
    await Promise.all([
      profileRef.get(),
      profileRef.collection('private').get(),
      ownedBy(firestore, 'page_slugs', 'uid', uid),
      ownedBy(firestore, 'blog_posts', 'created_by', uid),
      memberRecords(firestore, uid),
      newslettersReceived(firestore, uid),
      // Data tied to the address (email follows, a visitor subscription) is the member's only
      // once they proved the address: an unverified one may be anybody's.
      followsOf(firestore, uid, user?.emailVerified ? user.email : undefined),
      ...OWNED_COLLECTIONS.map((collection) => ownedBy(firestore, collection, 'user_id', uid)),
    ]);
  const [
    books = [],
    products = [],
    ownAds = [],
    reviews = [],
    shelves = [],
    reviewDecisions = [],
    authorUpdates = [],
    readThroughs = [],
    readingYears = [],
    readingImports = [],
    unmatchedReads = [],
    customShelves = [],
    customShelfBooks = [],
    pendingReviews = [],
    standing = [],
    authorClaims = [],
  ] = owned;
  // A visitor subscription of the member's own address (the newsletters' sign-up form) is theirs too.
  const visitorSubscription =
    user?.email && user.emailVerified ? await subscriptionOf(firestore, user.email) : null;
  const ads = await withAdContacts(firestore, ownAds);
  const profileDoc = profile.exists ? exportDocument(profile.id, profile.data()) : null;
  const newsletterChoices = Object.fromEntries(
    Object.entries(profileDoc ?? {}).filter(
      ([key]) => /newsletter|subscri|unsubscri|consent|opt/i.test(key) && key !== 'subscription_status',
    ),
  );
  // The choice lives in newsletter_preferences/{uid}; no document means subscribed.
  const preference = records.find((record) => record.collection === 'newsletter_preferences');

  return {
    format: MEMBER_EXPORT_FORMAT,
    exported_at: now.toISOString(),
    user_id: uid,
    account: user
      ? {
          email: user.email ?? null,
          email_verified: user.emailVerified,
          display_name: user.displayName ?? null,
          created_at: exportValue(user.metadata.creationTime ? new Date(user.metadata.creationTime) : null),
          last_sign_in_at: exportValue(
            user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime) : null,
          ),
          disabled: user.disabled,
        }
      : { deleted: true },
    consents: {
      terms_and_privacy: user
        ? {
            agreed: true,
            how: 'Agreeing to the Terms and Conditions and the Privacy Policy is required to create an account.',
            at: exportValue(user.metadata.creationTime ? new Date(user.metadata.creationTime) : null),
          }
        : null,
      newsletter: {
        ...newsletterChoices,
        subscribed: preference?.unsubscribed !== true,
        changed_at: preference?.updated_at ?? null,
        visitor_subscription: visitorSubscription
          ? {
              email: visitorSubscription.email,
              confirmed_at: exportValue(visitorSubscription.confirmed_at),
            }
          : null,
      },
    },
    profile: profileDoc,
    private_records: privateRecords.docs.map((doc) => exportDocument(doc.id, doc.data())),
    page_slugs: slugs,
    books,
    products_services: products,
    classified_ads: ads,
    book_reviews: reviews,
    book_shelves: shelves,
    review_decisions: reviewDecisions,
    author_updates: authorUpdates,
    read_throughs: readThroughs,
    reading_years: readingYears,
    reading_imports: readingImports,
    unmatched_reads: unmatchedReads,
    custom_shelves: customShelves,
    custom_shelf_books: customShelfBooks,
    import_pending_reviews: pendingReviews,
    moderation_standing: standing,
    author_claims: authorClaims,
    blog_posts: blogPosts,
    newsletters_received: deliveries,
    follows,
    member_records: records,
  };
}

/**
 * Callable, signed-in: the member's data as JSON (MemberExport). Request data:
 * { userId? }: another member's, for admins only (permission-denied
 * otherwise). Checks the session was not ended.
 */
export const exportMemberData = guardedCall(
  'session',
  async (request, caller): Promise<MemberExport> => {
    const uid = targetOf(caller, request.data);
    const firestore = db();
    const profile = await firestore.collection('profiles').doc(uid).get();
    if (uid !== caller.uid && !profile.exists) throw new HttpsError('not-found', 'No such member.');
    logger.info('export: member data', { uid, by: caller.uid });
    return memberExport(firestore, uid);
  },
  { call: { memory: '512MiB' } },
);
