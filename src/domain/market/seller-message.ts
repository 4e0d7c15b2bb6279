/**
 * The Platform Message: a signed-in member writes to the seller of an ad from
 * its page, and the contactSeller function relays it by email, with the
 * buyer's address as Reply-To. The seller's address is never shown to the
 * buyer; the buyer's reaches the seller only because they chose to write.
 */
import { z } from 'zod';
import type { ThrottleLimit } from '../shared/throttle.ts';

/** Shortest message. */
export const SELLER_MESSAGE_MIN = 10;
/** Longest message. */
export const SELLER_MESSAGE_MAX = 2000;

/** Messages shown to the buyer. */
export const SELLER_MESSAGE_TEXT = {
  tooShort: `Message must be at least ${SELLER_MESSAGE_MIN} characters`,
  tooLong: `Message must be ${SELLER_MESSAGE_MAX} characters or less`,
  sent: 'Message sent to the seller. Their reply will come to your email.',
  signIn: 'Please sign in to message the seller.',
  notAllowed: 'Only approved members with a verified email can message sellers.',
  ownAd: 'This is your own ad.',
  unavailable: 'This ad is no longer available.',
  sellerUnreachable: 'The seller cannot be contacted right now. Please try again later.',
  throttled: 'You have sent too many messages. Please try again later.',
  failed: 'Your message could not be sent. Please try again later.',
} as const;

/** What the form sends. */
export const sellerMessageRequestSchema = z.object({
  /** The ad written about. */
  ad_id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  /** The buyer's text. */
  message: z
    .string()
    .trim()
    .min(SELLER_MESSAGE_MIN, SELLER_MESSAGE_TEXT.tooShort)
    .max(SELLER_MESSAGE_MAX, SELLER_MESSAGE_TEXT.tooLong),
});
/** A contactSeller request. */
export type SellerMessageRequest = z.infer<typeof sellerMessageRequestSchema>;

const HOUR_MS = 60 * 60 * 1000;
/** Per buyer: enough to ask several sellers, too few to spam them. */
export const SELLER_MESSAGE_LIMITS_PER_BUYER: readonly ThrottleLimit[] = [
  { max: 5, windowMs: HOUR_MS },
  { max: 20, windowMs: 24 * HOUR_MS },
];
/** Per buyer and ad: a question and a follow-up a day. */
export const SELLER_MESSAGE_LIMITS_PER_AD: readonly ThrottleLimit[] = [{ max: 2, windowMs: 24 * HOUR_MS }];
