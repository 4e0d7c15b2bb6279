// Double opt-in: a visitor asks, by email address, for something that will mail
// them (a follow of an author, the newsletters); nothing is stored for that
// address until the visitor opens the confirmation mail and presses 'Confirm'.
//
// - The request (POST /api/opt-in) always answers the same "Check your inbox",
//   whether the address is known, already subscribed or over its own limit, so
//   the form cannot tell anyone whether an address is subscribed. Only a client
//   over its own limit is told so (429).
// - opt_in_requests/{autoId}: a request waiting for its mail. The
//   mailOptInConfirmation function makes the token, stores its hash and mails
//   the link; the token itself is stored nowhere.
// - opt_in_confirmations/{sha256(token)}: the pending confirmation. It works
//   once (used_at), for 48 hours (expires_at, also the TTL field that removes it).
// - GET /confirm?token=… only shows a 'Confirm' button (mail scanners open links);
//   the button's POST consumes the token in a transaction and applies the purpose.
//
// Both collections are server-only: firestore.rules has no match for them.
import { z } from 'zod';
import { TEXT_LIMITS, timestampSchema } from '../shared/common.ts';
import type { ThrottleLimit } from '../shared/throttle.ts';

/** opt_in_requests/{autoId}: requests waiting for their confirmation mail. */
export const OPT_IN_REQUESTS = 'opt_in_requests';
/** opt_in_confirmations/{tokenHash}: confirmations waiting for the visitor's button press. */
export const OPT_IN_CONFIRMATIONS = 'opt_in_confirmations';

const HOUR_MS = 60 * 60 * 1000;
/** A confirmation link works for 48 hours. */
export const OPT_IN_TOKEN_TTL_MS = 48 * HOUR_MS;
/** A request that never got its mail is removed (TTL on expires_at) after a day. */
export const OPT_IN_REQUEST_TTL_MS = 24 * HOUR_MS;

export * from './opt-in-messages.ts';
import {
  OPT_IN_EMAIL_MESSAGE,
  OPT_IN_BAD_REQUEST_MESSAGE,
  CHECK_INBOX_MESSAGE,
  CHECK_INBOX_DETAIL,
  OPT_IN_TOO_MANY_MESSAGE,
  OPT_IN_FAILED_MESSAGE,
} from './opt-in-messages.ts';

/**
 * Requests one address may make: a lost mail can be asked for again, an inbox
 * cannot be flooded. Over the limit the request is dropped silently (the same
 * "Check your inbox"), so the limit says nothing about the address.
 */
export const OPT_IN_LIMITS_PER_EMAIL: readonly ThrottleLimit[] = [
  { max: 3, windowMs: HOUR_MS },
  { max: 5, windowMs: 24 * HOUR_MS },
];

/** Requests one client (the platform's client address) may make, whatever the addresses. */
export const OPT_IN_LIMITS_PER_CLIENT: readonly ThrottleLimit[] = [{ max: 10, windowMs: HOUR_MS }];

/** Author uids as they appear in forms and documents. */
const authorUidSchema = z
  .string()
  .min(1)
  .max(TEXT_LIMITS.id)
  .regex(/^[A-Za-z0-9_-]+$/);

/** What the visitor asks for. */
export const optInPurposeSchema = z.discriminatedUnion('kind', [
  /** The site's newsletters (newsletter_subscribers). */
  z.strictObject({ kind: z.literal('newsletter') }),
  /** New-release alerts of one author (follows). */
  z.strictObject({ kind: z.literal('follow'), authorUid: authorUidSchema }),
]);
/** What the visitor asks for. */
export type OptInPurpose = z.infer<typeof optInPurposeSchema>;

/** The address as the form takes it; stored normalized (trimmed, lower-case). */
export const optInEmailSchema = z
  .string({ error: OPT_IN_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, OPT_IN_EMAIL_MESSAGE)
  .pipe(z.email(OPT_IN_EMAIL_MESSAGE));

/** A request to opt in: the address and what for. The same schema checks the island's form and the endpoint. */
export const optInRequestSchema = z.strictObject({
  /** The visitor's address, normalized. */
  email: optInEmailSchema,
  purpose: optInPurposeSchema,
});
/** A parsed request. */
export type OptInRequest = z.infer<typeof optInRequestSchema>;

/**
 * The request from the flat fields of a form post (`email`, `kind`, `authorUid`),
 * as an HTML form without JavaScript sends them.
 */
export function optInRequestFromForm(fields: Record<string, unknown>): unknown {
  const kind = fields.kind;
  return {
    email: fields.email,
    purpose: kind === 'follow' ? { kind, authorUid: fields.authorUid } : { kind },
  };
}

/** opt_in_requests/{autoId}: a request waiting for its mail. */
export const optInPendingRequestSchema = z.object({
  email: optInEmailSchema,
  purpose: optInPurposeSchema,
  created_at: timestampSchema,
  /** TTL field: a request whose mail never went out is removed. */
  expires_at: timestampSchema,
});

/** opt_in_confirmations/{tokenHash}: one mailed confirmation link. */
export const optInConfirmationSchema = z.object({
  email: optInEmailSchema,
  purpose: optInPurposeSchema,
  created_at: timestampSchema,
  /** The link stops working then; also the TTL field that removes the document. */
  expires_at: timestampSchema,
  /** Set by the one confirmation that used it. */
  used_at: timestampSchema.nullable(),
});
/** A stored confirmation. */
export type OptInConfirmation = z.infer<typeof optInConfirmationSchema>;

/** The shape of a token in a link: 32 random bytes, base64url. */
export const OPT_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a confirmation link comes to. */
export type TokenState = 'valid' | 'used' | 'expired' | 'unknown';

/** Whether a stored confirmation (or none) may still be used at `now`. */
export function tokenState(confirmation: OptInConfirmation | null, now: Date): TokenState {
  if (!confirmation) return 'unknown';
  if (confirmation.used_at) return 'used';
  if (now.getTime() >= confirmation.expires_at.getTime()) return 'expired';
  return 'valid';
}

/** When a confirmation made at `now` stops working. */
export function tokenExpiry(now: Date): Date {
  return new Date(now.getTime() + OPT_IN_TOKEN_TTL_MS);
}

/** What confirming came to, for the page: done per purpose, or why not. */
export type ConfirmOutcome = 'followed' | 'subscribed' | 'authorUnavailable' | Exclude<TokenState, 'valid'>;

/** The page's heading and text for each outcome. */
export const CONFIRM_MESSAGES: Record<ConfirmOutcome | 'ask', { title: string; body: string }> = {
  ask: {
    title: 'Confirm your email address',
    body: 'Press Confirm to finish. Nothing happens until you do.',
  },
  followed: {
    title: 'You are following this author',
    body: 'We will email you when they publish a new book. Every alert has a link to stop them.',
  },
  subscribed: {
    title: 'You are subscribed',
    body: 'You will receive the Shelfmark newsletters. Every newsletter has a link to unsubscribe.',
  },
  authorUnavailable: {
    title: 'This author cannot be followed',
    body: 'The author’s page is no longer public, so there is nothing to follow.',
  },
  used: {
    title: 'This link has already been used',
    body: 'Each confirmation link works once. If you have not confirmed yet, ask for a new link.',
  },
  expired: {
    title: 'This link has expired',
    body: 'Confirmation links work for 48 hours. Please ask for a new one.',
  },
  unknown: {
    title: 'This link is not valid',
    body: 'Please use the link from your confirmation email, or ask for a new one.',
  },
};

/** What the confirmation mail asks the visitor to confirm. */
export function purposeLine(purpose: OptInPurpose, authorName: string | null): string {
  return purpose.kind === 'newsletter'
    ? 'Someone (we hope you) asked to receive the Shelfmark newsletters at this address.'
    : `Someone (we hope you) asked to be emailed at this address when ${authorName ?? 'an author'} publishes a new book on Shelfmark.`;
}

/** The one message for a refused request: the address's message when the address is at fault, else the stale-form one. */
export function optInErrorMessage(error: z.ZodError): string {
  return error.issues.some((issue) => issue.path[0] === 'email')
    ? OPT_IN_EMAIL_MESSAGE
    : OPT_IN_BAD_REQUEST_MESSAGE;
}

/** The result page's states (GET /opt-in?result=…), where a form posted without JavaScript lands. */
export const OPT_IN_RESULTS = {
  sent: { title: CHECK_INBOX_MESSAGE, body: CHECK_INBOX_DETAIL },
  invalid: { title: 'Your request was not sent', body: OPT_IN_EMAIL_MESSAGE },
  'too-many': { title: 'Your request was not sent', body: OPT_IN_TOO_MANY_MESSAGE },
  'cross-site': { title: 'Your request was not sent', body: 'Sign-ups are accepted only from this site.' },
  failed: { title: 'Your request was not sent', body: OPT_IN_FAILED_MESSAGE },
} as const;
/** A result page state. */
export type OptInResult = keyof typeof OPT_IN_RESULTS;
