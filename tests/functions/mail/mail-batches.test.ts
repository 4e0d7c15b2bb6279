// The bulk-mail engine (functions/src/mail/batches.ts) against the Firestore
// emulator, with a small fake kind of send: a batch that dies midway is retried
// without mailing anyone twice; the same task delivered twice at once mails each
// recipient once and completes the send once; a delivery another worker holds is
// left to it until its lease has run out; a recipient closed without a mail
// counts once; only open batches are queued; a batch not due stays open, and one
// whose subject is gone closes and completes the send, mailing nobody. The
// newsletter and alert tests check the engine's two users end to end.
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_LEASE_MS,
  deliverBatch,
  finishIfComplete,
  freezeBatches,
  intoBatches,
  queueOpenBatches,
  type BulkMail,
  type BulkMailDeps,
} from '../../../functions/src/mail/batches';
import { sendMail, type Mail } from '../../../functions/src/mail/send-mail';
import { applyDeliveryEvent } from '../../../functions/src/mail/suppressions';
import { adminDb, retryLostRace, uniqueId } from '../helpers/emulator';

interface FakeDeps extends BulkMailDeps {
  queued: string[];
}

const subjectRef = (id: string) => adminDb().doc(`test_bulk_subjects/${id}`);
const completionRef = (id: string) => adminDb().doc(`test_bulk_completions/${id}`);

/**
 * A fake kind: its subject (test_bulk_subjects/{id}) may be deleted ('closed') or
 * not due before `not_before` ('later'); a recipient whose id starts with 'quiet'
 * is closed without a mail; everyone else is mailed at {id}@example.com.
 */
const FAKE: BulkMail<string, FakeDeps, string, 'quiet'> = {
  label: (id, batch) => `fake ${id} batch ${batch}`,
  noun: 'readers',
  place: (fs, id) => ({
    state: fs.doc(`test_bulk_sends/${id}`),
    batches: fs.collection(`test_bulk_sends/${id}/batches`),
    deliveries: fs.collection(`test_bulk_sends/${id}/deliveries`),
    prefix: '',
  }),
  recipientsField: 'ids',
  concurrency: 4,
  counters: ['quiet'],
  async enqueue(deps, _id, batches) {
    deps.queued.push(...batches);
  },
  async prepare(deps, id, ids) {
    const subject = await subjectRef(id).get();
    if (!subject.exists) return 'closed';
    if (Number(subject.get('not_before') ?? 0) > deps.now().getTime()) return 'later';
    return {
      recipients: ids.map((to) => ({
        id: to,
        compose: () =>
          to.startsWith('quiet')
            ? { closedAs: 'quiet' as const, record: { quiet: true } }
            : {
                mail: {
                  to: `${to}@example.com`,
                  subject: `About ${id}`,
                  text: 'Hello',
                  html: '<p>Hello</p>',
                },
              },
      })),
    };
  },
  async onComplete(tx, _deps, id, state: DocumentSnapshot, at) {
    tx.set(
      completionRef(id),
      { completions: FieldValue.increment(1), recipient_count: state.get('recipient_count'), at },
      { merge: true },
    );
  },
};

/** Deps with a clock the test sets, recording mails and queued batches. */
function fakeDeps() {
  const mailed: Mail[] = [];
  const clock = { now: Date.now() };
  const deps: FakeDeps = {
    firestore: adminDb(),
    now: () => new Date(clock.now),
    sendMail: async (mail) => void mailed.push(mail),
    queued: [],
  };
  return { deps, mailed, clock };
}

/** Freezes a fake send of `recipients` in batches of `size` and queues it, as a kind's claim would; returns its id. */
async function startSend(deps: FakeDeps, recipients: readonly string[], size = 100): Promise<string> {
  const fs = deps.firestore;
  const id = uniqueId('send');
  const place = FAKE.place(fs, id);
  await fs.runTransaction(async (tx) => {
    const at = Timestamp.fromDate(deps.now());
    tx.set(subjectRef(id), { created_at: at });
    tx.create(
      place.state,
      freezeBatches(tx, FAKE, place, intoBatches(recipients, size), recipients.length, at),
    );
  });
  await queueOpenBatches(FAKE, deps, id);
  return id;
}

const readers = (n: number, prefix = 'r') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}-${uniqueId('x')}`);
const state = async (id: string) => (await adminDb().doc(`test_bulk_sends/${id}`).get()).data() ?? {};
const completions = async (id: string) => (await completionRef(id).get()).get('completions') as unknown;

describe('a retried batch', () => {
  it('resumes after a batch died midway without mailing anyone twice, and completes the send once', async () => {
    const { deps, mailed } = fakeDeps();
    const id = await startSend(deps, readers(30));
    expect(deps.queued).toEqual(['0000']);
    expect(await state(id)).toMatchObject({
      recipient_count: 30,
      batch_count: 1,
      batches_done: 0,
      queued: true,
    });

    let crashAfter = 12;
    const dying: FakeDeps = {
      ...deps,
      sendMail: async (mail) => {
        if (crashAfter-- <= 0) throw new Error('SMTP connection lost');
        await deps.sendMail(mail);
      },
    };
    await expect(deliverBatch(FAKE, dying, id, '0000')).rejects.toThrow(
      /^fake .+ batch 0000: 18 readers still open \(.+: Error: SMTP connection lost/,
    );
    expect(mailed).toHaveLength(12);
    // The refused ones are released for the retry, the sent ones recorded.
    const deliveries = await adminDb().collection(`test_bulk_sends/${id}/deliveries`).get();
    const byStatus = (status: string) => deliveries.docs.filter((doc) => doc.get('status') === status);
    expect(byStatus('sent')).toHaveLength(12);
    expect(byStatus('failed')).toHaveLength(18);
    for (const doc of byStatus('failed')) expect(doc.get('claimed_at')).toEqual(Timestamp.fromMillis(0));
    expect((await state(id)).completed_at).toBeNull();
    expect(await completions(id)).toBeUndefined();

    crashAfter = Infinity;
    expect(await deliverBatch(FAKE, dying, id, '0000')).toEqual({
      sent: 18,
      skipped: 12,
      open: 0,
      suppressed: 0,
      quiet: 0,
    });
    expect(new Set(mailed.map((m) => m.to)).size).toBe(30);
    expect(mailed).toHaveLength(30);
    // A late duplicate of the task finds the batch done and does nothing.
    expect(await deliverBatch(FAKE, deps, id, '0000')).toEqual({
      sent: 0,
      skipped: 0,
      open: 0,
      suppressed: 0,
      quiet: 0,
    });
    expect(mailed).toHaveLength(30);
    expect(await state(id)).toMatchObject({ batches_done: 1, completed_at: expect.any(Timestamp) });
    expect((await completionRef(id).get()).data()).toMatchObject({ completions: 1, recipient_count: 30 });
  });
});

describe('a duplicated task', () => {
  it('delivered twice at once mails each recipient once, counts each batch once and completes the send once', async () => {
    const { deps, mailed, clock } = fakeDeps();
    const recipients = readers(24);
    const id = await startSend(deps, recipients, 10);
    expect(deps.queued).toEqual(['0000', '0001', '0002']);

    // Every task twice at once: a worker that finds a delivery the other holds leaves it, and throws.
    const runs = await Promise.allSettled(
      deps.queued.flatMap((batch) => [
        deliverBatch(FAKE, deps, id, batch),
        deliverBatch(FAKE, deps, id, batch),
      ]),
    );
    for (const run of runs)
      if (run.status === 'rejected')
        expect(String(run.reason)).toMatch(/readers still open|Transaction|lock|contention|ABORTED/i);
    // The queue's retry, after any lease a failed run left has run out, finishes what is left.
    clock.now += DELIVERY_LEASE_MS;
    for (const batch of deps.queued) await retryLostRace(() => deliverBatch(FAKE, deps, id, batch));

    expect(mailed.map((m) => m.to).sort()).toEqual(recipients.map((r) => `${r}@example.com`).sort());
    expect(await state(id)).toMatchObject({
      batch_count: 3,
      batches_done: 3,
      completed_at: expect.any(Timestamp),
    });
    expect(await completions(id)).toBe(1);
    const batches = await adminDb().collection(`test_bulk_sends/${id}/batches`).get();
    expect(batches.docs.map((doc) => doc.get('done'))).toEqual([true, true, true]);
  });
});

describe('a lease held by another worker', () => {
  it('leaves the delivery to that worker, and takes it over only once the lease has run out', async () => {
    const { deps, mailed, clock } = fakeDeps();
    const [held, free] = readers(2);
    const id = await startSend(deps, [held!, free!]);
    const heldRef = adminDb().doc(`test_bulk_sends/${id}/deliveries/${held}`);
    await heldRef.set({
      status: 'sending',
      claimed_at: Timestamp.fromMillis(clock.now),
      batch: '0000',
      attempts: 1,
    });

    await expect(deliverBatch(FAKE, deps, id, '0000')).rejects.toThrow(/: 1 readers still open/);
    expect(mailed.map((m) => m.to)).toEqual([`${free}@example.com`]);
    clock.now += DELIVERY_LEASE_MS - 1_000;
    await expect(deliverBatch(FAKE, deps, id, '0000')).rejects.toThrow(/: 1 readers still open/);
    expect(mailed).toHaveLength(1);

    clock.now += 2_000;
    expect(await deliverBatch(FAKE, deps, id, '0000')).toEqual({
      sent: 1,
      skipped: 1,
      open: 0,
      suppressed: 0,
      quiet: 0,
    });
    expect(mailed.map((m) => m.to)).toEqual([`${free}@example.com`, `${held}@example.com`]);
    expect((await heldRef.get()).data()).toMatchObject({ status: 'sent', attempts: 2, batch: '0000' });
    expect(await completions(id)).toBe(1);
  });
});

describe('a suppressed recipient', () => {
  it('is not mailed through the real sendMail, counted as suppressed, closed, and not retried', async () => {
    process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
    process.env.SMTP_URL ??= 'smtp://127.0.0.1:1025';
    const { deps } = fakeDeps();
    const [complained, fine] = readers(2);
    await applyDeliveryEvent(adminDb(), 'test', {
      id: uniqueId('evt'),
      kind: 'complaint',
      address: `${complained}@example.com`,
      at: Date.now(),
      batch: null,
    });
    const real: FakeDeps = { ...deps, sendMail: (mail) => sendMail(mail, { stream: 'bulk', record: false }) };
    const id = await startSend(deps, [complained!, fine!]);
    expect(await deliverBatch(FAKE, real, id, '0000')).toEqual({
      sent: 1,
      skipped: 0,
      open: 0,
      suppressed: 1,
      quiet: 0,
    });
    expect(
      (await adminDb().doc(`test_bulk_sends/${id}/deliveries/${complained}`).get()).data(),
    ).toMatchObject({
      status: 'sent',
      suppressed: true,
    });
    expect((await state(id)).completed_at).not.toBeNull();
  });
});

describe('a recipient closed without a mail', () => {
  it('is recorded as done with what the kind says, counted once, and never mailed', async () => {
    const { deps, mailed } = fakeDeps();
    const quiet = readers(2, 'quiet');
    const [loud] = readers(1);
    const id = await startSend(deps, [...quiet, loud!]);
    expect(await deliverBatch(FAKE, deps, id, '0000')).toEqual({
      sent: 1,
      skipped: 0,
      open: 0,
      suppressed: 0,
      quiet: 2,
    });
    expect(mailed.map((m) => m.to)).toEqual([`${loud}@example.com`]);
    for (const reader of quiet)
      expect((await adminDb().doc(`test_bulk_sends/${id}/deliveries/${reader}`).get()).data()).toMatchObject({
        status: 'sent',
        quiet: true,
        sent_at: expect.any(Timestamp),
      });
  });
});

describe('queueing and what a batch finds', () => {
  it('queues only the open batches; a batch not due stays open; one whose subject is gone closes and completes the send', async () => {
    const { deps, mailed, clock } = fakeDeps();
    const id = await startSend(deps, readers(25), 10);
    await adminDb().doc(`test_bulk_sends/${id}/batches/0001`).update({ done: true });
    await adminDb().doc(`test_bulk_sends/${id}`).update({ queued: false, batches_done: 1 });
    deps.queued.length = 0;
    await queueOpenBatches(FAKE, deps, id);
    expect(deps.queued).toEqual(['0000', '0002']);
    expect((await state(id)).queued).toBe(true);

    await subjectRef(id).update({ not_before: clock.now + 60_000 });
    expect(await deliverBatch(FAKE, deps, id, '0000')).toEqual({
      sent: 0,
      skipped: 0,
      open: 0,
      suppressed: 0,
      quiet: 0,
    });
    expect((await adminDb().doc(`test_bulk_sends/${id}/batches/0000`).get()).get('done')).toBe(false);

    clock.now += 60_000;
    expect(await deliverBatch(FAKE, deps, id, '0000')).toMatchObject({ sent: 10 });
    await subjectRef(id).delete();
    expect(await deliverBatch(FAKE, deps, id, '0002')).toEqual({
      sent: 0,
      skipped: 0,
      open: 0,
      suppressed: 0,
      quiet: 0,
    });
    expect(mailed).toHaveLength(10);
    expect(await state(id)).toMatchObject({ batches_done: 3, completed_at: expect.any(Timestamp) });
    expect(await completions(id)).toBe(1);
  });

  it('completes a send frozen with no batches once, however often asked', async () => {
    const { deps } = fakeDeps();
    const id = await startSend(deps, []);
    expect(deps.queued).toEqual([]);
    expect(await state(id)).toMatchObject({ batch_count: 0, queued: true, completed_at: null });
    await finishIfComplete(FAKE, deps, id);
    await finishIfComplete(FAKE, deps, id);
    expect((await completionRef(id).get()).data()).toMatchObject({ completions: 1, recipient_count: 0 });
    expect((await state(id)).completed_at).toBeInstanceOf(Timestamp);
  });
});
