import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { classifiedAdSchema } from '../../../src/domain/market/classified-ad';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import { isPubliclyListed, profileSchema } from '../../../src/domain/accounts/profile';
import { isItemShown } from '../../../src/domain/accounts/visibility';
import {
  SELLER_MESSAGE_LIMITS_PER_AD,
  SELLER_MESSAGE_LIMITS_PER_BUYER,
  SELLER_MESSAGE_TEXT,
  sellerMessageRequestSchema,
} from '../../../src/domain/market/seller-message';
import { parseDoc } from '../../../src/data/firestore-convert';
import { adminAuth } from '../shared/admin-auth';
import { consumeAttempt } from '../accounts/throttle';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { memberMailAddress } from '../mail/member-address';
import { sellerMessageEmail } from '../mail/seller-message';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';

const T = SELLER_MESSAGE_TEXT;

/**
 * Relays a Platform Message from a signed-in member to the seller of an
 * active ad by email, with the buyer's address as Reply-To. The seller's
 * address is read from Auth here and never returned, and used only when
 * verified: a seller whose address changed without confirmation cannot be
 * written to (failed-precondition, sellerUnreachable) until it is. The names in
 * the mail come from the profiles and only when they pass the display-name
 * rules. Only approved, active
 * members with a verified email may write, never to their own ad, and at most
 * SELLER_MESSAGE_LIMITS_* times (per buyer, and per buyer and ad).
 * Request: { ad_id, message }. Returns { status: 'sent' }. Errors:
 * unauthenticated, permission-denied, invalid-argument, not-found,
 * failed-precondition (own ad; seller unreachable), resource-exhausted, internal.
 */
export const contactSeller = guardedCall(
  'session',
  async (request, guard): Promise<{ status: 'sent' }> => {
    const { uid } = guard;
    const parsed = sellerMessageRequestSchema.safeParse(request.data);
    if (!parsed.success)
      throw new HttpsError('invalid-argument', parsed.error.issues[0]?.message ?? T.tooShort);
    const { ad_id: adId, message } = parsed.data;

    const firestore = db();
    // The buyer's profile is the guard's read: no second read of it.
    const buyerSnap = guard.profile;
    const [buyerUser, adSnap] = await Promise.all([
      adminAuth().getUser(uid),
      firestore.collection('classified_ads').doc(adId).get(),
    ]);
    const buyer = buyerSnap.exists ? parseDoc(profileSchema, uid, buyerSnap.data(), 'profiles') : null;
    if (!buyerUser.emailVerified || !buyerUser.email || !buyer || !isPubliclyListed(buyer))
      throw new HttpsError('permission-denied', T.notAllowed);
    if (!adSnap.exists) throw new HttpsError('not-found', T.unavailable);
    const ad = parseDoc(classifiedAdSchema, adId, adSnap.data(), 'classified_ads');
    // An inactive ad, or one hidden by moderation, is not offered (the visibility rule's item half).
    if (!isItemShown(ad)) throw new HttpsError('not-found', T.unavailable);
    if (ad.user_id === uid) throw new HttpsError('failed-precondition', T.ownAd);
    const sellerSnap = await firestore.collection('profiles').doc(ad.user_id).get();
    const seller = sellerSnap.exists
      ? parseDoc(profileSchema, ad.user_id, sellerSnap.data(), 'profiles')
      : null;
    if (!seller || !isPubliclyListed(seller)) throw new HttpsError('not-found', T.unavailable);
    const sellerEmail = await memberMailAddress(ad.user_id);
    if (sellerEmail === null) throw new HttpsError('failed-precondition', T.sellerUnreachable);

    await consumeAttempt(
      firestore,
      [
        { kind: 'seller-message', value: uid, limits: SELLER_MESSAGE_LIMITS_PER_BUYER },
        { kind: 'seller-message-ad', value: `${uid}/${adId}`, limits: SELLER_MESSAGE_LIMITS_PER_AD },
      ],
      T.throttled,
    );
    const content = sellerMessageEmail({
      sellerName: mailSafeName(seller.display_name) ?? 'there',
      buyerName: mailSafeName(buyer.display_name) ?? 'A Shelfmark member',
      adTitle: ad.title,
      adUrl: `${siteUrl()}/classifieds/${adId}`,
      message,
    });
    try {
      await sendMail({ ...content, to: sellerEmail, replyTo: buyerUser.email }, { stream: 'account' });
    } catch (error) {
      logger.error('contact seller: the email was not sent', {
        ad: adId,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new HttpsError('internal', T.failed);
    }
    logger.info('contact seller: relayed', { ad: adId });
    return { status: 'sent' };
  },
  { signIn: T.signIn },
);
