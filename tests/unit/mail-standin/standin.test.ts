// The local mail provider stand-in against a fake MailDev and a fake webhook:
// mail to the bounce domains becomes signed bounce events that the real Svix
// check accepts, other mail a delivery (when asked), and the page's "Report as
// spam" a complaint; each mail is reported once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailStandin, type MailStandin } from '../../../scripts/mail-standin/index';
import { resendEvents, verifySvix } from '../../../functions/src/mail/providers/resend';

const SECRET = `whsec_${Buffer.from('stand-in-test-secret').toString('base64')}`;
const open: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  open.push({ close: () => new Promise<void>((done) => server.close(() => done())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function setUp(delivered: boolean) {
  const inbox: unknown[] = [];
  const received: { verified: boolean; events: ReturnType<typeof resendEvents> }[] = [];
  const maildevUrl = await listen((req, res) => {
    const skip = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('skip') ?? 0);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(inbox.slice(skip)));
  });
  const webhookUrl = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        header: (name: string) => req.headers[name] as string | undefined,
        rawBody: Buffer.concat(chunks),
      };
      received.push({
        verified: verifySvix(request, SECRET, Date.now()) === null,
        events: resendEvents(String(req.headers['svix-id']), JSON.parse(request.rawBody.toString())),
      });
      res.writeHead(200).end('{}');
    });
  });
  const standin: MailStandin = await startMailStandin({
    port: 0,
    maildevUrl,
    webhookUrl,
    secret: SECRET,
    delivered,
    pollMs: 60_000,
  });
  open.push(standin);
  return { inbox, received, standin };
}

const mail = (id: string, to: string, batch?: string) => ({
  id,
  subject: `Mail ${id}`,
  to: [{ address: to }],
  headers: batch ? { 'x-shelfmark-batch': batch } : {},
});

describe('the mail provider stand-in', () => {
  it('reports a hard and a soft bounce, signed, once each; deliveries only when asked', async () => {
    const { inbox, received, standin } = await setUp(false);
    inbox.push(mail('1', 'gone@bounce.shelfmark.test'), mail('2', 'full@softbounce.shelfmark.test'));
    inbox.push(mail('3', 'reader@example.com'));
    await standin.poll();
    await standin.poll();
    expect(received.every((r) => r.verified)).toBe(true);
    expect(received.flatMap((r) => r.events.map((e) => [e.kind, e.address]))).toEqual([
      ['hard-bounce', 'gone@bounce.shelfmark.test'],
      ['soft-bounce', 'full@softbounce.shelfmark.test'],
    ]);
  });

  it('reports deliveries with the batch tags, and a complaint from its page', async () => {
    const { inbox, received, standin } = await setUp(true);
    inbox.push(mail('1', 'reader@example.com', 'newsletter/n-1'));
    await standin.poll();
    expect(received[0]?.events[0]).toMatchObject({
      kind: 'delivered',
      batch: { kind: 'newsletter', id: 'n-1' },
    });
    const page = await (await fetch(standin.url)).text();
    expect(page).toContain('Report as spam');
    const answer = await fetch(`${standin.url}/complain?id=1&to=reader%40example.com`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(received[1]?.events[0]).toMatchObject({ kind: 'complaint', address: 'reader@example.com' });
    expect(received[1]?.verified).toBe(true);
    expect(await standin.complain('nobody@example.com')).toBe(false);
  });
});
