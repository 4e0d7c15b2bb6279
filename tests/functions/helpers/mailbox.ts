// A mail catcher for the functions tests. The functions send mail to the SMTP
// server in functions/.env.demo-shelfmark (127.0.0.1:1025): when a MailDev
// already listens there (npm test starts one, web inbox on 1080), its inbox is
// read through its REST API; otherwise the tests start their own MailDev on the
// same ports and stop it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { adminDb, clearFirestore, eventually } from './emulator';

/** Where the functions deliver mail (functions/.env.demo-shelfmark). */
export const SMTP_PORT = 1025;
/** MailDev's web inbox and REST API. */
export const MAILDEV_WEB_PORT = Number(process.env.MAILDEV_WEB_PORT ?? 1080);

/** A caught email, as MailDev's REST API returns it (the fields the tests read). */
export interface CaughtMail {
  /** Recipients. */
  to: { address: string; name?: string }[];
  /** Subject line. */
  subject: string;
  /** Plain-text body. */
  text?: string;
  /** HTML body. */
  html?: string;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** The inbox of the MailDev the functions deliver to. */
export class Mailbox {
  private constructor(private readonly child: ChildProcess | undefined) {}

  /** Uses the MailDev on port 1025, starting one when nothing listens there. */
  static async open(): Promise<Mailbox> {
    if (await isListening(SMTP_PORT)) return new Mailbox(undefined);
    const bin = resolve('node_modules/.bin/maildev');
    const child = spawn(
      bin,
      ['--smtp', String(SMTP_PORT), '--web', String(MAILDEV_WEB_PORT), '--ip', '127.0.0.1', '--silent'],
      { stdio: 'ignore' },
    );
    await eventually(
      async () => (await isListening(SMTP_PORT)) && (await isListening(MAILDEV_WEB_PORT)),
      Boolean,
      15_000,
    );
    return new Mailbox(child);
  }

  /** Stops the MailDev this mailbox started, if any. */
  async close(): Promise<void> {
    if (this.child === undefined || this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child?.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
  }

  /** Every caught email addressed to `address`. */
  async mailsTo(address: string): Promise<CaughtMail[]> {
    const response = await fetch(`http://127.0.0.1:${MAILDEV_WEB_PORT}/email`);
    if (!response.ok) throw new Error(`MailDev answered HTTP ${response.status}`);
    const mails = (await response.json()) as CaughtMail[];
    return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
  }

  /** Waits for an email to `address` whose subject includes `subject`, and returns it. */
  async waitFor(address: string, subject: string, timeoutMs = 15_000): Promise<CaughtMail> {
    const matching = async () =>
      (await this.mailsTo(address)).filter((mail) => mail.subject.includes(subject));
    const mails = await eventually(matching, (found) => found.length > 0, timeoutMs);
    return mails[0]!;
  }
}

/**
 * The mailbox of a test file that reads mail: opened before the file's first
 * test and closed after its last. Its methods work from the first test on.
 */
export function useMailbox(): Pick<Mailbox, 'mailsTo' | 'waitFor'> {
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await Mailbox.open();
  });
  afterAll(async () => {
    await mailbox?.close();
  });
  const opened = (): Mailbox => {
    if (mailbox === undefined) throw new Error('the mailbox opens in beforeAll: use it inside a test');
    return mailbox;
  };
  return {
    mailsTo: (address) => opened().mailsTo(address),
    waitFor: (address, subject, timeoutMs) => opened().waitFor(address, subject, timeoutMs),
  };
}

/**
 * useMailbox() for a file whose tests start from an empty Firestore: the Admin
 * app the member helpers use is initialised first, and Firestore is cleared before each test.
 */
export function useMailboxTests(): Pick<Mailbox, 'mailsTo' | 'waitFor'> {
  const mailbox = useMailbox();
  beforeAll(() => {
    adminDb();
  });
  beforeEach(async () => {
    await clearFirestore();
  });
  return mailbox;
}

/**
 * useMailboxTests() for the newsletter files, which also read one issue's mail:
 * `issuesTo(address, id)` gives the mails of newsletter `id` (writeNewsletter
 * titles it 'Issue {id}') that reached `address`.
 */
export function useNewsletterMailbox() {
  const mailbox = useMailboxTests();
  return {
    ...mailbox,
    issuesTo: async (address: string, id: string): Promise<CaughtMail[]> =>
      (await mailbox.mailsTo(address)).filter((mail) => mail.subject === `Issue ${id}`),
  };
}

/** Sends the one-click unsubscribe (RFC 8058) a mail client POSTs to a mail's List-Unsubscribe `link`. */
export function oneClickUnsubscribe(link: string | URL): Promise<Response> {
  return fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

/** The newsletter unsubscribe link in `mail`'s text, once its List-Unsubscribe headers are checked to offer it for one click. */
export function newsletterUnsubscribeLink(mail: CaughtMail): string {
  const link = /(http:\/\/[^\s]+newsletterUnsubscribe\?[^\s]+)/.exec(mail.text ?? '')?.[1];
  expect(link).toBeDefined();
  const headers = (mail as unknown as { headers: Record<string, string> }).headers;
  expect(headers['list-unsubscribe']).toBe(`<${link}>`);
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  return link as string;
}
