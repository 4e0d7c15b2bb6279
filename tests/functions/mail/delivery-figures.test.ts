// The delivery figures against the emulators: a tagged bulk mail carries its
// send in X-Shelfmark-Batch; the bulk engine counts what a batch sent and
// skipped; the provider's events (Resend's tags) count delivered, bounced and
// complained exactly once, concurrent and replayed ones included; and only
// admins read them through adminMailFigures.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { countSends } from '../../../functions/src/mail/batches';
import { handleDeliveryWebhook } from '../../../functions/src/mail/delivery-webhook';
import { readFigures } from '../../../functions/src/mail/figures';
import { resend, svixSignature } from '../../../functions/src/mail/providers/resend';
import { sendMail } from '../../../functions/src/mail/send-mail';
import type { AdminMailFiguresResponse } from '../../../src/domain/callables';
import { figureIds, type BatchTag } from '../../../src/domain/mail/delivery-figures';
import { adminDb, uniqueId } from '../helpers/emulator';
import { newEmail } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { callAs, makeMember } from '../helpers/profile-members';

process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
process.env.SMTP_URL ??= 'smtp://127.0.0.1:1025';
const SECRET = 'whsec_ZGVtby1vbmx5LW1haWwtd2ViaG9vay1zZWNyZXQ=';
const db = adminDb();
const mailbox = useMailbox();

/** Delivers one signed Resend event about `to`, tagged with `tag`, straight to the handler. */
function event(type: string, to: string, tag: BatchTag, id = uniqueId('msg')) {
  const body = JSON.stringify({
    type,
    created_at: new Date().toISOString(),
    data: {
      email_id: uniqueId('email'),
      to: [to],
      tags: { batch_kind: tag.kind, batch_id: tag.id },
      ...(type === 'email.bounced' ? { bounce: { type: 'Permanent' } } : {}),
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'svix-id': id,
    'svix-timestamp': timestamp,
    'svix-signature': svixSignature(SECRET, id, timestamp, body),
  };
  return handleDeliveryWebhook(db, resend, SECRET, { header: (n) => headers[n], rawBody: Buffer.from(body) });
}

const figuresOf = async (tag: BatchTag) => {
  const [send, kind] = figureIds(tag);
  const read = await readFigures(db, [send, kind]);
  return { send: read.get(send)!, kind: read.get(kind)! };
};

describe('delivery figures', () => {
  it('a tagged mail carries its send in X-Shelfmark-Batch', async () => {
    const to = newEmail('tagged');
    const id = uniqueId('n');
    await sendMail(
      { to, subject: 'Tagged news', text: 'Hi', html: '<p>Hi</p>', batch: { kind: 'newsletter', id } },
      { stream: 'bulk' },
    );
    const caught = (await mailbox.waitFor(to, 'Tagged news')) as unknown as {
      headers: Record<string, string>;
    };
    expect(caught.headers['x-shelfmark-batch']).toBe(`newsletter/${id}`);
  });

  it('counts events once each, concurrent and replayed ones included, on the send and its kind', async () => {
    const tag: BatchTag = { kind: 'newsletter', id: uniqueId('n') };
    const before = (await figuresOf(tag)).kind;
    await countSends(db, tag, { sent: 5, suppressed: 1 });
    const readers = Array.from({ length: 5 }, (_, i) => newEmail(`r${i}`));
    const replayed = uniqueId('msg');
    await Promise.all([
      ...readers.slice(0, 3).map((to) => event('email.delivered', to, tag)),
      event('email.bounced', readers[3]!, tag, replayed),
      event('email.bounced', readers[3]!, tag, replayed),
      event('email.complained', readers[4]!, tag),
    ]);
    const { send, kind } = await figuresOf(tag);
    expect(send).toEqual({ sent: 5, suppressed: 1, delivered: 3, bounced: 1, complained: 1 });
    expect(kind.delivered - before.delivered).toBeGreaterThanOrEqual(3);
  });

  it('adminMailFigures gives admins the figures by kind and by sent newsletter; members are refused', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    const newsletter = await db.collection('newsletters').add({
      title: `Figures ${uniqueId('t')}`,
      content: 'x',
      is_published: true,
      sent_at: Timestamp.fromMillis(Date.now() + 365 * 86_400_000), // newest of all
      created_at: Timestamp.now(),
    });
    await countSends(db, { kind: 'newsletter', id: newsletter.id }, { sent: 2, suppressed: 0 });
    await event('email.delivered', newEmail('d'), { kind: 'newsletter', id: newsletter.id });

    const answer = await callAs<AdminMailFiguresResponse>('adminMailFigures', admin, null);
    expect(answer.result?.kinds.map((k) => k.kind)).toEqual(['newsletter', 'alert', 'update', 'digest']);
    expect(answer.result?.newsletters[0]).toMatchObject({
      id: newsletter.id,
      figures: { sent: 2, suppressed: 0, delivered: 1, bounced: 0, complained: 0 },
    });
    expect((await callAs('adminMailFigures', member, null)).error?.status).toBe('PERMISSION_DENIED');
  });
});
