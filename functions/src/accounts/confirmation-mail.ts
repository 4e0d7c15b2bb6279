// The confirmation mail of a double opt-in (src/domain/accounts/opt-in.ts). The site's
// endpoint stores a request in opt_in_requests; this trigger turns it into a
// confirmation: a random token whose SHA-256 names opt_in_confirmations/{hash}
// (the token itself is stored nowhere), and a mail with the /confirm?token=…
// link. Triggers run at least once: the transaction that creates the
// confirmation also deletes the request, so a second run finds nothing to do.
// A mail the SMTP server refuses removes its confirmation again (the link could
// never arrive) and is recorded in server_failures; the visitor asks again.
import { randomBytes } from 'node:crypto';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  OPT_IN_CONFIRMATIONS,
  OPT_IN_REQUESTS,
  optInPendingRequestSchema,
  purposeLine,
  tokenExpiry,
  type OptInPurpose,
} from '../../../src/domain/accounts/opt-in';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import { tokenHash } from '../../../src/data/server/accounts/opt-in-token';
import { isOwnerPublic, ownerVisibilityOf } from '../../../src/domain/accounts/visibility';
import { db } from '../shared/firestore';
import { mailBrand } from '../mail/brand';
import { sendMail } from '../mail/send-mail';
import { siteUrl } from '../mail/settings';
import { composeMail, type MailBrand, type MailContent } from '../mail/templates';

/** A fresh token: 32 random bytes, base64url (43 characters, OPT_IN_TOKEN_PATTERN). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The confirmation mail for `purpose` with its link. */
export function confirmationEmail(
  purpose: OptInPurpose,
  authorName: string | null,
  link: string,
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject:
        purpose.kind === 'newsletter'
          ? `Confirm your ${brand.title} newsletter subscription`
          : `Confirm following ${authorName ?? 'an author'} on ${brand.title}`,
      name: '',
      paragraphs: [purposeLine(purpose, authorName), 'To confirm, open this link and press Confirm:'],
      action: { label: 'Confirm', url: link },
      after: [
        'The link works once and expires after 48 hours. If you did not ask for this, ignore this email.',
      ],
      reason: `You received this email because this address was entered in a form on ${brand.title}.`,
    },
    brand,
  );
}

/**
 * Turns request `requestId` into a confirmation and mails its link. Does
 * nothing when the request is gone (already handled) or malformed, and drops a
 * follow of an author whose page stopped being public since it was asked for
 * (the site stores no request for one that was not): the mail names only a
 * public author.
 */
export async function mailConfirmation(
  firestore: Firestore,
  requestId: string,
  now = new Date(),
): Promise<void> {
  const requestRef = firestore.collection(OPT_IN_REQUESTS).doc(requestId);
  const token = newToken();
  const confirmationRef = firestore.collection(OPT_IN_CONFIRMATIONS).doc(tokenHash(token));
  const pending = await firestore.runTransaction(async (tx) => {
    const snap = await tx.get(requestRef);
    if (!snap.exists) return null;
    const parsed = tryParseDoc(optInPendingRequestSchema, snap);
    const author =
      parsed?.purpose.kind === 'follow'
        ? await tx.get(firestore.collection('profiles').doc(parsed.purpose.authorUid))
        : undefined;
    tx.delete(requestRef);
    if (!parsed) return null;
    if (author && !isOwnerPublic(ownerVisibilityOf(author.data()))) return null;
    tx.create(confirmationRef, {
      email: parsed.email,
      purpose: parsed.purpose,
      created_at: Timestamp.fromDate(now),
      expires_at: Timestamp.fromDate(tokenExpiry(now)),
      used_at: null,
    });
    return { request: parsed, name: author ? (mailSafeName(author.get('display_name')) ?? null) : null };
  });
  if (!pending) return;
  const { request, name } = pending;
  const link = `${siteUrl()}/confirm?token=${token}`;
  const brand = await mailBrand(firestore);
  try {
    await sendMail(
      { to: request.email, ...confirmationEmail(request.purpose, name, link, brand) },
      { stream: 'account' },
    );
  } catch (error) {
    await confirmationRef.delete();
    logger.error('An opt-in confirmation mail was refused', { error: String(error) });
  }
}

/** Mails the confirmation of each stored opt-in request. */
export const mailOptInConfirmation = onDocumentCreated(`${OPT_IN_REQUESTS}/{requestId}`, async (event) => {
  await mailConfirmation(db(), event.params.requestId);
});
