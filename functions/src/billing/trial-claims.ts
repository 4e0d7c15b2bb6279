// Who has had a free trial, kept apart from the account so that deleting it and
// signing up again with the same address buys no second trial:
// trial_claims/{key}, where the key is an HMAC-SHA256 under TRIAL_CLAIM_SECRET of
// the mailbox (mailboxKey: trimmed, lower-cased, plus-tag dropped, so tagging
// an address buys nothing either). Without the secret a key cannot be turned
// back into an address nor checked against a list of addresses; the document
// holds no address, no uid and nothing else about the person.
import { createHmac } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { TRIAL_CLAIMS, TRIAL_CLAIM_MEMORY_MS } from '../../../src/domain/billing/billing';
import { mailboxKey } from '../../../src/domain/shared/mailbox';

/** The hashing key; required outside the demo project. Changing it forgets every claim. */
export function trialClaimSecret(): string {
  const secret = process.env.TRIAL_CLAIM_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('TRIAL_CLAIM_SECRET must be set (at least 16 characters)');
  return secret;
}

/** The claim key of an address: the same for every spelling of one mailbox. */
export function trialClaimKey(email: string, secret = trialClaimSecret()): string {
  return createHmac('sha256', secret)
    .update(`trial-claim:${mailboxKey(email)}`)
    .digest('hex');
}

const claimRef = (firestore: Firestore, key: string) => firestore.collection(TRIAL_CLAIMS).doc(key);

/** True when a trial was already had with this key (one read). */
export async function trialClaimed(firestore: Firestore, key: string): Promise<boolean> {
  return (await claimRef(firestore, key).get()).exists;
}

/** A valid claim key: the hex of an HMAC-SHA256 (a key read back from Stripe's metadata is checked first). */
export const TRIAL_CLAIM_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Records the claim in `tx` (after its reads); a claim already there is left as it is. */
export function claimTrialInTransaction(
  tx: Transaction,
  firestore: Firestore,
  key: string,
  claimed: boolean,
  now: number,
): void {
  if (claimed) return;
  tx.set(claimRef(firestore, key), {
    claimed_at: Timestamp.fromMillis(now),
    expires_at: Timestamp.fromMillis(now + TRIAL_CLAIM_MEMORY_MS),
  });
}

/** Reads whether the claim exists, in `tx`. */
export async function trialClaimedInTransaction(
  tx: Transaction,
  firestore: Firestore,
  key: string,
): Promise<boolean> {
  return (await tx.get(claimRef(firestore, key))).exists;
}
