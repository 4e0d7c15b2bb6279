// Server-side failures are recorded for the admins beside the audit log: a mail
// the SMTP server refuses is written to server_failures (subject and recipient,
// never the body) and the error still reaches the caller.
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_FAILURES_COLLECTION, serverFailureSchema } from '../../../src/domain/shared/server-failures';
import { sendMail } from '../../../functions/src/mail/send-mail';
import { recordFailure } from '../../../functions/src/shared/failures';
import { adminDb } from '../helpers/emulator';
import { newEmail } from '../helpers/factories';

const db = adminDb();
const smtp = process.env.SMTP_URL;

afterEach(() => {
  if (smtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = smtp;
});

async function failuresTo(to: string) {
  const found = await db.collection(SERVER_FAILURES_COLLECTION).where('context.to', '==', to).get();
  return found.docs.map((d) =>
    serverFailureSchema.parse({ ...d.data(), id: d.id, at: d.get('at')?.toDate() }),
  );
}

describe('server failures', () => {
  it('records a mail the SMTP server refuses, and still throws', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    const to = newEmail('unreachable');
    await expect(
      sendMail(
        { to, subject: 'A subject', text: 'secret body', html: '<p>secret body</p>' },
        { stream: 'account' },
      ),
    ).rejects.toThrow();
    const [entry, ...rest] = await failuresTo(to);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: 'mail', context: { to, subject: 'A subject' } });
    expect(entry?.message).toMatch(/ECONNREFUSED|connect/i);
    expect(JSON.stringify(entry)).not.toContain('secret body');
  });

  it('does not record a mail of a bulk sender, which records its batch instead', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    const to = newEmail('bulk');
    await expect(
      sendMail({ to, subject: 'Newsletter', text: 'x', html: '<p>x</p>' }, { stream: 'bulk', record: false }),
    ).rejects.toThrow();
    await recordFailure('newsletter-batch', new Error('batch 3 failed'), { to, batch: '3' });
    expect((await failuresTo(to)).map((entry) => [entry.kind, entry.message])).toEqual([
      ['newsletter-batch', 'batch 3 failed'],
    ]);
  });
});
