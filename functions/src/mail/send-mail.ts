import { createTransport, type Transporter } from 'nodemailer';
import * as logger from 'firebase-functions/logger';
import { mailStreamSettings, type MailStream } from './settings';
import { recordFailure } from '../shared/failures';
import { db } from '../shared/firestore';
import { mailAllowed, type MailSuppression } from '../../../src/domain/mail/suppression';
import { batchHeader, type BatchTag } from '../../../src/domain/mail/delivery-figures';
import { readSuppression, suppressionListConfigured } from './suppressions';

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
  /**
   * The bulk send this mail belongs to, for the delivery figures: sent as the
   * X-Shelfmark-Batch header ("kind/id"), which the provider echoes in its events.
   */
  batch?: BatchTag;
}

/** The header naming a bulk mail's send (see Mail.batch). */
export const BATCH_HEADER = 'X-Shelfmark-Batch';

/**
 * What happened to a mail: sent, skipped because no SMTP server is configured, or
 * skipped because the address is on the suppression list for its stream.
 */
export type MailOutcome = 'sent' | 'skipped-no-smtp' | 'skipped-suppressed';

/** How one mail goes out. */
export interface SendOptions {
  /** account or bulk (settings.ts). */
  stream: MailStream;
  /** false: a refusal is not recorded for the admins (bulk senders record one per batch). */
  record?: boolean;
  /** The recipient's suppression record when the caller read it already (a batch's getAll); saves the read. */
  suppression?: MailSuppression | null;
  /** The one mail that proves a suppressed address again (mail-reconfirm.ts): sent whatever the list says. */
  bypassSuppression?: boolean;
}

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
 * failure per batch instead of one per recipient. Every send checks the
 * suppression list first (mailAllowed: bulk mail stops for every suppressed
 * address, account mail only for those that bounce), one read unless the caller
 * passes the record it read for its batch.
 */
export async function sendMail(mail: Mail, options: SendOptions): Promise<MailOutcome> {
  const { smtpUrl, from, headers } = mailStreamSettings(options.stream);
  if (smtpUrl === '') {
    logger.warn('No SMTP server is set: email not sent', { subject: mail.subject, stream: options.stream });
    return 'skipped-no-smtp';
  }
  if (options.bypassSuppression !== true && suppressionListConfigured()) {
    const record =
      options.suppression !== undefined ? options.suppression : await readSuppression(db(), mail.to);
    if (!mailAllowed(record, options.stream)) {
      logger.info('mail: not sent to a suppressed address', {
        subject: mail.subject,
        stream: options.stream,
        reason: record?.reason,
      });
      return 'skipped-suppressed';
    }
  }
  try {
    const { batch, ...message } = mail;
    const tagged = batch ? { [BATCH_HEADER]: batchHeader(batch) } : {};
    await transporterFor(smtpUrl).sendMail({
      from,
      ...message,
      headers: { ...headers, ...mail.headers, ...tagged },
    });
  } catch (error) {
    if (options.record !== false) await recordFailure('mail', error, { to: mail.to, subject: mail.subject });
    throw error;
  }
  return 'sent';
}
