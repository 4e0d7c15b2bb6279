// The two mail streams on the functions' own sender: account mail goes through
// SMTP_URL from MAIL_FROM, bulk mail through SMTP_BULK_URL from MAIL_BULK_FROM (each
// falling back to the account's), and MAIL_STREAM_HEADER tells the provider which
// stream a mail is in. MailDev (127.0.0.1:1025) stands in for both providers.
import { afterEach, describe, expect, it } from 'vitest';
import { sendMail } from '../../../functions/src/mail/send-mail';
import { newEmail } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';

const mailbox = useMailbox();
const NAMES = ['SMTP_URL', 'SMTP_BULK_URL', 'MAIL_FROM', 'MAIL_BULK_FROM', 'MAIL_STREAM_HEADER'] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const mail = (to: string, subject: string) => ({ to, subject, text: 'Hello', html: '<p>Hello</p>' });
type Caught = { from: { address: string }[]; headers: Record<string, string> };

describe('mail streams', () => {
  it('sends each stream from its own sender with its stream header, and bulk trouble leaves account mail going', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1025';
    process.env.MAIL_FROM = 'Shelfmark <account@shelfmark.test>';
    process.env.MAIL_BULK_FROM = 'Shelfmark <news@bulk.shelfmark.test>';
    process.env.MAIL_STREAM_HEADER = 'X-PM-Message-Stream';
    const to = newEmail('streams');
    await sendMail(mail(to, 'Reset your password'), { stream: 'account' });
    await sendMail(mail(to, 'A new book'), { stream: 'bulk' });
    const account = (await mailbox.waitFor(to, 'Reset your password')) as unknown as Caught;
    const bulk = (await mailbox.waitFor(to, 'A new book')) as unknown as Caught;
    expect(account.from[0]?.address).toBe('account@shelfmark.test');
    expect(account.headers['x-pm-message-stream']).toBe('outbound');
    expect(bulk.from[0]?.address).toBe('news@bulk.shelfmark.test');
    expect(bulk.headers['x-pm-message-stream']).toBe('broadcast');

    // The bulk provider refuses: bulk mail fails, account mail still goes out.
    process.env.SMTP_BULK_URL = 'smtp://127.0.0.1:1';
    await expect(sendMail(mail(to, 'Another book'), { stream: 'bulk', record: false })).rejects.toThrow();
    await sendMail(mail(to, 'Confirm your address'), { stream: 'account' });
    await mailbox.waitFor(to, 'Confirm your address');
  });

  it('uses the account sender for both streams until an operator splits them', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1025';
    process.env.MAIL_FROM = 'Shelfmark <one@shelfmark.test>';
    delete process.env.MAIL_BULK_FROM;
    delete process.env.SMTP_BULK_URL;
    delete process.env.MAIL_STREAM_HEADER;
    const to = newEmail('one-sender');
    await sendMail(mail(to, 'A digest'), { stream: 'bulk' });
    const caught = (await mailbox.waitFor(to, 'A digest')) as unknown as Caught;
    expect(caught.from[0]?.address).toBe('one@shelfmark.test');
    expect(caught.headers['x-pm-message-stream']).toBeUndefined();
  });
});
