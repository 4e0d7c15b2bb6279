// The account callables as an address oracle, on the emulators: whatever the
// address, requestPasswordReset and requestEmailChange answer the same body, count
// the attempt before anything looks at the address, and leave the lookup and the
// mail to a queued task. A taken new address of an email change gets a notice for
// its holder instead of a confirmation, and the requester sees nothing different.
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  EMAIL_CHANGE_THROTTLED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '../../../src/domain/accounts/account';
import { EMAIL_CHANGE_LIMITS } from '../../../src/domain/shared/throttle';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { memberWithPassword, newEmail } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { callFunction, signInForIdToken } from '../helpers/callable';

// adminDb() initialises the Admin app that the Auth client below uses.
adminDb();
const auth = getAuth(getApps()[0]);
const PASSWORD = 'oracle-secret';
const mailbox = useMailbox();

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${100 + (ipCounter % 150)}`;
}

/** An approved member with a verified address and a profile named `name`. */
const member = (name: string) => memberWithPassword(name, PASSWORD);

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

beforeEach(async () => {
  await clearFirestore();
});

describe('requestPasswordReset', () => {
  it('answers a member and a stranger with the same body; the task mails only the member', async () => {
    const { email } = await member('Ora Member');
    const stranger = newEmail('ora-stranger');
    const known = await callFunction('requestPasswordReset', { email }, { ip: freshIp() });
    const unknown = await callFunction('requestPasswordReset', { email: stranger }, { ip: freshIp() });
    expect(known).toEqual({ status: 200, result: { message: RESET_REQUESTED_MESSAGE } });
    expect(unknown).toEqual(known);
    await mailbox.waitFor(email, 'Reset your Shelfmark password', 30_000);
    await pause(1_500);
    expect(await mailbox.mailsTo(stranger)).toEqual([]);
  });
});

describe('requestEmailChange', () => {
  it('answers a taken address exactly as a free one; the holder is told and no confirmation goes out', async () => {
    const mover = await member('Moving Mia');
    const other = await member('Second Sam');
    const holder = await member('Holding Hal');
    const free = newEmail('mia-new');

    const taken = await callFunction(
      'requestEmailChange',
      { newEmail: holder.email },
      { idToken: await signInForIdToken(mover.email, PASSWORD) },
    );
    const open = await callFunction(
      'requestEmailChange',
      { newEmail: free },
      { idToken: await signInForIdToken(other.email, PASSWORD) },
    );
    expect(taken).toEqual({ status: 200, result: { newEmail: holder.email.toLowerCase() } });
    expect(open).toEqual({ status: 200, result: { newEmail: free.toLowerCase() } });

    await mailbox.waitFor(free, 'Confirm your new email', 30_000);
    const notice = await mailbox.waitFor(holder.email, 'Someone tried to use your email address', 30_000);
    expect(notice.text).toContain('Hello Holding Hal,');
    expect(notice.text).toContain('Nothing has changed');
    expect(notice.text).not.toContain(mover.email);
    expect(notice.text).not.toContain('Moving Mia');
    await pause(1_500);
    expect((await mailbox.mailsTo(holder.email)).filter((m) => m.subject.includes('Confirm'))).toEqual([]);
    expect((await auth.getUser(mover.uid)).email).toBe(mover.email);
    expect((await auth.getUser(holder.uid)).email).toBe(holder.email);

    // The account page shows both members their pending change alike.
    const pending = async (email: string) =>
      (
        await callFunction<{ pendingEmail: string | null }>('accountOverview', null, {
          idToken: await signInForIdToken(email, PASSWORD),
        })
      ).result?.pendingEmail;
    expect(
      await eventually(
        () => pending(mover.email),
        (value) => value === holder.email.toLowerCase(),
      ),
    ).toBe(holder.email.toLowerCase());
    expect(await pending(other.email)).toBe(free.toLowerCase());
  });

  it('counts the attempt before anything looks at the address: a throttled member learns nothing about a taken one', async () => {
    const mover = await member('Throttled Theo');
    const holder = await member('Kept Kim');
    const idToken = await signInForIdToken(mover.email, PASSWORD);
    for (let i = 0; i < EMAIL_CHANGE_LIMITS[0]!.max; i += 1) {
      expect(
        (await callFunction('requestEmailChange', { newEmail: newEmail(`theo-${i}`) }, { idToken })).status,
      ).toBe(200);
    }
    const refused = await callFunction('requestEmailChange', { newEmail: holder.email }, { idToken });
    expect(refused.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: EMAIL_CHANGE_THROTTLED_MESSAGE });
    const refusedFree = await callFunction(
      'requestEmailChange',
      { newEmail: newEmail('theo-free') },
      { idToken },
    );
    expect(refusedFree.error).toEqual(refused.error);
  });
});
