// The site's half of the double opt-in (src/domain/accounts/opt-in.ts): accepting a
// request (throttles, then a request for the mail function) and confirming a
// token (consume it once, then apply its purpose). Both run in one Firestore
// transaction each, so two presses of 'Confirm' or two tabs apply a link once.
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { tryParseDoc } from '../../firestore-convert.ts';
import { emailFollowId, FOLLOWS } from '../../../domain/follows/follows.ts';
import {
  NEWSLETTER_SUBSCRIBERS,
  newsletterSubscriberSchema,
} from '../../../domain/editorial/newsletter-subscriber.ts';
import {
  OPT_IN_CONFIRMATIONS,
  OPT_IN_LIMITS_PER_CLIENT,
  OPT_IN_LIMITS_PER_EMAIL,
  OPT_IN_REQUEST_TTL_MS,
  OPT_IN_REQUESTS,
  OPT_IN_TOKEN_PATTERN,
  optInConfirmationSchema,
  tokenState,
  type ConfirmOutcome,
  type OptInPurpose,
  type OptInRequest,
} from '../../../domain/accounts/opt-in.ts';
import { isOwnerPublic, ownerVisibilityOf } from '../../../domain/accounts/visibility.ts';
import { mailboxKey } from '../../../domain/shared/mailbox.ts';
import { emailHash } from '../shared/email-hash.ts';
import { tokenHash } from '../accounts/opt-in-token.ts';
import { decideFromLog, recordAttempt, throttleRef, type ThrottleSubject } from '../shared/throttle.ts';

/** What a request came to: accepted (the same for every address), or the client is over its limit. */
export type RequestOutcome = 'accepted' | 'tooMany';

/**
 * Accepts a parsed request from `clientAddress`, in one transaction: a client
 * over its limit is refused and nothing is recorded; otherwise its attempt is
 * counted, and when the address also has room a request for the confirmation
 * mail is stored. An address over its limit is 'accepted' like any other, and
 * nothing here reads whether the address is subscribed or following. A follow
 * of an author whose page is not public (pending, denied, deactivated, missing)
 * is 'accepted' too and mails nothing, so the answer tells nobody who is hidden.
 */
export async function requestOptIn(
  db: Firestore,
  request: OptInRequest,
  clientAddress: string,
  now = new Date(),
): Promise<RequestOutcome> {
  const client: ThrottleSubject = {
    kind: 'opt-in-ip',
    value: clientAddress,
    limits: OPT_IN_LIMITS_PER_CLIENT,
  };
  const address: ThrottleSubject = {
    kind: 'opt-in-email',
    value: mailboxKey(request.email),
    limits: OPT_IN_LIMITS_PER_EMAIL,
  };
  const mailRequest = db.collection(OPT_IN_REQUESTS).doc();
  const purpose = request.purpose;
  const authorRef = purpose.kind === 'follow' ? db.collection('profiles').doc(purpose.authorUid) : null;
  return db.runTransaction(async (tx) => {
    const [clientLog, addressLog, author] = await tx.getAll(
      throttleRef(db, client),
      throttleRef(db, address),
      ...(authorRef ? [authorRef] : []),
    );
    const clientDecision = decideFromLog(clientLog, client, now.getTime());
    if (!clientDecision.allowed || !clientLog || !addressLog) return 'tooMany';
    recordAttempt(tx, clientLog, clientDecision);
    if (authorRef && !isOwnerPublic(ownerVisibilityOf(author?.data()))) return 'accepted';
    const addressDecision = decideFromLog(addressLog, address, now.getTime());
    if (!addressDecision.allowed) return 'accepted';
    recordAttempt(tx, addressLog, addressDecision);
    tx.create(mailRequest, {
      email: request.email,
      purpose: request.purpose,
      created_at: Timestamp.fromDate(now),
      expires_at: Timestamp.fromMillis(now.getTime() + OPT_IN_REQUEST_TTL_MS),
    });
    return 'accepted';
  });
}

/**
 * Applies a confirmed purpose in the confirming transaction. A follow needs an
 * author whose page is public; following or subscribing again keeps the
 * existing document (its created_at, its alert mode).
 */
async function applyPurpose(
  db: Firestore,
  tx: Transaction,
  email: string,
  purpose: OptInPurpose,
  now: Date,
): Promise<ConfirmOutcome> {
  const hash = emailHash(email);
  if (purpose.kind === 'newsletter') {
    const ref = db.collection(NEWSLETTER_SUBSCRIBERS).doc(hash);
    if (!(await tx.get(ref)).exists)
      tx.create(ref, newsletterSubscriberSchema.parse({ email, confirmed_at: now }));
    return 'subscribed';
  }
  const authorRef = db.collection('profiles').doc(purpose.authorUid);
  const followRef = db.collection(FOLLOWS).doc(emailFollowId(purpose.authorUid, hash));
  const [author, follow] = await tx.getAll(authorRef, followRef);
  if (!isOwnerPublic(ownerVisibilityOf(author?.data()))) return 'authorUnavailable';
  if (!follow?.exists)
    tx.create(followRef, {
      author_uid: purpose.authorUid,
      follower: { kind: 'email', email },
      mode: 'instant',
      created_at: Timestamp.fromDate(now),
    });
  return 'followed';
}

/** The purpose a token would confirm, for the page that asks; null when the link cannot be used. */
export async function pendingConfirmation(
  db: Firestore,
  token: string,
  now = new Date(),
): Promise<{ state: ReturnType<typeof tokenState>; purpose: OptInPurpose | null }> {
  if (!OPT_IN_TOKEN_PATTERN.test(token)) return { state: 'unknown', purpose: null };
  const snap = await db.collection(OPT_IN_CONFIRMATIONS).doc(tokenHash(token)).get();
  const confirmation = snap.exists ? tryParseDoc(optInConfirmationSchema, snap) : null;
  const state = tokenState(confirmation, now);
  return { state, purpose: state === 'valid' ? (confirmation?.purpose ?? null) : null };
}

/**
 * Consumes `token` and applies its purpose, in one transaction: a link that is
 * unknown, used or expired changes nothing; a valid one is marked used in the
 * same write that creates the follow or the subscription, so it works once.
 * An author who is no longer public uses up the link without a follow.
 */
export async function confirmOptIn(db: Firestore, token: string, now = new Date()): Promise<ConfirmOutcome> {
  if (!OPT_IN_TOKEN_PATTERN.test(token)) return 'unknown';
  const ref = db.collection(OPT_IN_CONFIRMATIONS).doc(tokenHash(token));
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const confirmation = snap.exists ? tryParseDoc(optInConfirmationSchema, snap) : null;
    const state = tokenState(confirmation, now);
    if (state !== 'valid' || !confirmation) return state === 'valid' ? 'unknown' : state;
    const outcome = await applyPurpose(db, tx, confirmation.email, confirmation.purpose, now);
    tx.update(ref, { used_at: Timestamp.fromDate(now) });
    return outcome;
  });
}
