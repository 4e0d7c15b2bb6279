/**
 * The local mail provider stand-in: it plays the provider's delivery webhook
 * (Resend's events, signed the Svix way) for the mail MailDev catches, so
 * bounces and complaints run offline, in `npm start` and in the tests.
 *
 * - It reads MailDev's inbox (its REST API) every `pollMs` and, for each new
 *   mail and each recipient, posts one event to the functions' mailWebhook:
 *   an address at BOUNCE_DOMAIN bounces for good (email.bounced, Permanent),
 *   one at SOFT_BOUNCE_DOMAIN bounces softly (Transient), and every other one
 *   is delivered (email.delivered, when `delivered` is on).
 * - Its page lists the mails caught, each with a "Report as spam" button that
 *   posts email.complained, as a reader pressing "this is spam" would.
 * - Bulk mail's X-Shelfmark-Batch header ("kind/id") goes into the event's
 *   tags, as Resend echoes the tags a mail was sent with.
 *
 * Signed with the same secret the emulated function checks (MAIL_WEBHOOK_SECRET
 * in functions/.env.demo-shelfmark).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Addresses here bounce for good. */
export const BOUNCE_DOMAIN = 'bounce.shelfmark.test';
/** Addresses here bounce softly (a full mailbox, say). */
export const SOFT_BOUNCE_DOMAIN = 'softbounce.shelfmark.test';

/** A mail as MailDev's REST API lists it (the fields used here). */
interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  headers?: Record<string, string>;
  date?: string;
}

/** How the stand-in is started. */
export interface MailStandinOptions {
  /** Its own page's port (0: any free one). */
  port: number;
  /** MailDev's web port (its REST API). */
  maildevUrl: string;
  /** The functions' mailWebhook. */
  webhookUrl: string;
  /** The signing secret (whsec_<base64>). */
  secret: string;
  /** Whether plain deliveries are reported too (the tests leave them off: less work for the emulator). */
  delivered?: boolean;
  /** How often MailDev is read. */
  pollMs?: number;
  log?: (line: string) => void;
}

/** The running stand-in. */
export interface MailStandin {
  url: string;
  /** Sends a complaint for the latest mail to `address` (what the page's button does); false when none was caught. */
  complain(address: string): Promise<boolean>;
  /** Reads MailDev once now and reports what is new. */
  poll(): Promise<void>;
  close(): Promise<void>;
}

function sign(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the stand-in; resolves once its page listens. */
export async function startMailStandin(options: MailStandinOptions): Promise<MailStandin> {
  const log = options.log ?? (() => {});
  const seen = new Set<string>();
  const mails: CaughtMail[] = [];
  let polling: Promise<void> | null = null;

  async function post(type: string, mail: CaughtMail, to: string, extra: Record<string, unknown> = {}) {
    const batch = /^([a-z-]{1,30})\/([A-Za-z0-9_-]{1,120})$/.exec(mail.headers?.['x-shelfmark-batch'] ?? '');
    const body = JSON.stringify({
      type,
      created_at: new Date().toISOString(),
      data: {
        email_id: mail.id,
        to: [to],
        subject: mail.subject,
        created_at: mail.date ?? new Date().toISOString(),
        ...(batch ? { tags: { batch_kind: batch[1], batch_id: batch[2] } } : {}),
        ...extra,
      },
    });
    const id = `msg_${randomUUID()}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'svix-id': id,
      'svix-timestamp': timestamp,
      'svix-signature': sign(options.secret, id, timestamp, body),
    };
    // A provider retries a failed delivery; so does the stand-in, a few times.
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        const response = await fetch(options.webhookUrl, { method: 'POST', headers, body });
        if (response.ok) return;
        log(`mail stand-in: the webhook answered ${response.status} to ${type}`);
        if (response.status === 400) return;
      } catch (error) {
        log(`mail stand-in: the webhook is not reachable (${String(error)})`);
      }
      await new Promise((done) => setTimeout(done, attempt * 1000));
    }
  }

  async function report(mail: CaughtMail) {
    for (const { address } of mail.to ?? []) {
      const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
      if (domain === BOUNCE_DOMAIN)
        await post('email.bounced', mail, address, {
          bounce: { type: 'Permanent', subType: 'General', message: 'The mailbox does not exist' },
        });
      else if (domain === SOFT_BOUNCE_DOMAIN)
        await post('email.bounced', mail, address, {
          bounce: { type: 'Transient', subType: 'MailboxFull', message: 'The mailbox is full' },
        });
      else if (options.delivered) await post('email.delivered', mail, address);
    }
  }

  // MailDev lists its whole inbox, bodies included: read only what is past the
  // mails already seen, and the whole list now and then, in case mails were deleted.
  let offset = 0;
  let polls = 0;
  async function pollOnce() {
    const full = polls++ % 20 === 0;
    let list: CaughtMail[];
    try {
      const response = await fetch(`${options.maildevUrl}/email?skip=${full ? 0 : offset}`);
      if (!response.ok) return;
      list = (await response.json()) as CaughtMail[];
    } catch {
      return;
    }
    if (full) offset = list.length;
    else offset += list.length;
    for (const mail of list) {
      if (seen.has(mail.id)) continue;
      seen.add(mail.id);
      mails.push(mail);
      if (mails.length > 200) mails.shift();
      await report(mail);
    }
  }
  const poll = () => (polling ??= pollOnce().finally(() => (polling = null)));

  async function complainAbout(mail: CaughtMail, address: string) {
    await post('email.complained', mail, address);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (req.method === 'POST' && url.pathname === '/complain') {
        await poll();
        const mail = mails.find((m) => m.id === url.searchParams.get('id'));
        const to = url.searchParams.get('to') ?? '';
        if (mail && mail.to.some((t) => t.address === to)) await complainAbout(mail, to);
        res.writeHead(303, { location: '/?reported=1' }).end();
        return;
      }
      if (req.method !== 'GET' || url.pathname !== '/') {
        res.writeHead(404).end('Not found');
        return;
      }
      await poll();
      const rows = [...mails]
        .reverse()
        .flatMap((mail) =>
          mail.to.map(
            ({ address }) => `<tr><td>${escapeHtml(address)}</td><td>${escapeHtml(mail.subject)}</td><td>
<form method="post" action="/complain?id=${encodeURIComponent(mail.id)}&amp;to=${encodeURIComponent(address)}">
<button aria-label="Report “${escapeHtml(mail.subject)}” to ${escapeHtml(address)} as spam">Report as spam</button></form></td></tr>`,
          ),
        )
        .join('\n');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><title>Mail provider stand-in</title></head><body>
<h1>Mail provider stand-in</h1>
<p>Mail to <code>…@${BOUNCE_DOMAIN}</code> bounces for good, to <code>…@${SOFT_BOUNCE_DOMAIN}</code> softly;
other mail is delivered. Report a mail as spam to send the provider's complaint.</p>
${url.searchParams.has('reported') ? '<p role="status">Complaint sent.</p>' : ''}
<table><thead><tr><th>To</th><th>Subject</th><th></th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`);
    })().catch((error) => {
      log(`mail stand-in: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  const timer = setInterval(() => void poll(), options.pollMs ?? 500);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    poll,
    async complain(address) {
      await poll();
      const mail = [...mails].reverse().find((m) => m.to.some((t) => t.address === address));
      if (!mail) return false;
      await complainAbout(mail, address);
      return true;
    },
    async close() {
      clearInterval(timer);
      await polling;
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
