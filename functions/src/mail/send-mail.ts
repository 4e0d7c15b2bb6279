import { createTransport, type Transporter } from 'nodemailer';
import * as logger from 'firebase-functions/logger';
import { mailFrom, smtpUrl } from './settings';
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
  /** The sender, when not MAIL_FROM as it is (new-book alerts: the site's title, mailFromAs). */
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

let transport: { url: string; transporter: Transporter } | undefined;

// Created on first use, not at load: most function instances never send mail,
// and a changed SMTP_URL (tests) gets a fresh transport.
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: createTransport(url) };
  return transport.transporter;
}

/**
 * Sends one email through the SMTP server in SMTP_URL; logs and skips when none is set.
 * Throws when the server refuses, after recording the failure for the admins
 * (server_failures: the subject and recipient, never the body) unless `record` is
 * false: bulk senders record one failure per batch instead of one per recipient.
 */
export async function sendMail(mail: Mail, options: { record?: boolean } = {}): Promise<MailOutcome> {
  const url = smtpUrl();
  if (url === '') {
    logger.warn('SMTP_URL is not set: email not sent', { subject: mail.subject });
    return 'skipped-no-smtp';
  }
  try {
    await transporterFor(url).sendMail({ from: mailFrom(), ...mail });
  } catch (error) {
    if (options.record !== false) await recordFailure('mail', error, { to: mail.to, subject: mail.subject });
    throw error;
  }
  return 'sent';
}
