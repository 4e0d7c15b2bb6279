import { createTransport, type Transporter } from 'nodemailer';
import * as logger from 'firebase-functions/logger';
import { mailStreamSettings, type MailStream } from './settings';
import { recordFailure } from '../shared/failures';

/** One email: plain text for every client, and the same words as simple HTML. */
export interface Mail {
  /** Recipient address. */
  to: string;
  /** Subject line. */
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body; every interpolated value must already be escaped. */
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletters. */
  headers?: Record<string, string>;
  /** The sender, when not the stream's as it is (new-book alerts: the site's title, mailFromAs). */
  from?: string;
  /** Where replies go, when not to the sender (a relayed member message: the member who wrote it). */
  replyTo?: string;
  /**
   * A fixed Message-ID (`<id@host>`), for a mail that may be sent again after a crash:
   * mailbox providers drop a copy whose Message-ID the mailbox already holds.
   */
  messageId?: string;
}

/** What happened to a mail: sent, or skipped because no SMTP server is configured. */
export type MailOutcome = 'sent' | 'skipped-no-smtp';

/** One transport per SMTP URL: the two streams may share one server or use two. */
const transports = new Map<string, Transporter>();

// Created on first use, not at load: most function instances never send mail,
// and a changed SMTP URL (tests) gets a fresh transport.
function transporterFor(url: string): Transporter {
  let transporter = transports.get(url);
  if (!transporter) {
    transporter = createTransport(url);
    transports.set(url, transporter);
  }
  return transporter;
}

/**
 * Sends one email through its stream's SMTP server (settings.ts: account mail through
 * SMTP_URL, bulk mail through SMTP_BULK_URL), from its sender and with its stream's
 * header; logs and skips when no server is set. Throws when the server refuses,
 * after recording the failure for the admins (server_failures: the subject and
 * recipient, never the body) unless `record` is false: bulk senders record one
 * failure per batch instead of one per recipient.
 */
export async function sendMail(
  mail: Mail,
  options: { stream: MailStream; record?: boolean },
): Promise<MailOutcome> {
  const { smtpUrl, from, headers } = mailStreamSettings(options.stream);
  if (smtpUrl === '') {
    logger.warn('No SMTP server is set: email not sent', { subject: mail.subject, stream: options.stream });
    return 'skipped-no-smtp';
  }
  try {
    await transporterFor(smtpUrl).sendMail({ from, ...mail, headers: { ...headers, ...mail.headers } });
  } catch (error) {
    if (options.record !== false) await recordFailure('mail', error, { to: mail.to, subject: mail.subject });
    throw error;
  }
  return 'sent';
}
