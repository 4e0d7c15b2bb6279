// The admin second factor on the emulators: setting it up, entering a code (each
// once), the lockout, recovery codes (each once), another admin's reset, and an
// admin power refused without it and allowed with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../functions/src/accounts/totp.ts';
import {
  CODE_LOCKED_MESSAGE,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SETUP_MESSAGE,
  WRONG_CODE_MESSAGE,
  type SecondFactorResponse,
} from '../../../src/domain/accounts/second-factor.ts';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections.ts';
import { signInForIdToken } from '../helpers/callable';
import { adminDb, eventually } from '../helpers/emulator';
import { useMailbox } from '../helpers/mailbox';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const mailbox = useMailbox();
const NOTICE = 'Two-step sign-in changed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const factor = (caller: Member, data: Record<string, unknown>) =>
  callAs<SecondFactorResponse>('secondFactor', caller, data);
/** An admin power with no side effect: the newsletter audience counts. */
const power = (caller: Member) =>
  callAs<{ counts: Record<string, number> }>('newsletterAudience', caller, {});

/** The same admin signed in again with the password alone (a new auth_time: a second later). */
async function signInAgain(member: Member): Promise<Member> {
  await sleep(1100);
  return { ...member, idToken: await signInForIdToken(member.email, 'secret-pass', { secondFactor: false }) };
}

/** An admin who set the second factor up: their secret and recovery codes. */
async function enrolledAdmin(): Promise<{ admin: Member; secret: string; codes: string[] }> {
  const admin = await makeMember({ admin: true, secondFactor: false });
  const started = await factor(admin, { action: 'start' });
  const secret = started.result!.secret!;
  const confirmed = await factor(admin, { action: 'confirm', code: totpCode(secret, Date.now()) });
  expect(confirmed.status).toBe(200);
  return { admin, secret, codes: confirmed.result!.recoveryCodes! };
}

describe('setting the second factor up', () => {
  let admin: Member;
  beforeAll(async () => {
    admin = await makeMember({ admin: true, secondFactor: false });
  });

  it('refuses an admin power before it is set up, saying to set it up', async () => {
    const answer = await power(admin);
    expect(answer.error?.status).toBe('PERMISSION_DENIED');
    expect(answer.error?.message).toBe(SECOND_FACTOR_SETUP_MESSAGE);
  });

  it('gives a secret and its otpauth URI, keeps the secret sealed, and needs a right first code', async () => {
    const started = await factor(admin, { action: 'start' });
    expect(started.status).toBe(200);
    const secret = started.result!.secret!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.result!.uri).toContain(`secret=${secret}`);
    const stored = (await db.doc(`admin_second_factors/${admin.uid}`).get()).data()!;
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.enrolled).toBe(false);

    const wrong = await factor(admin, {
      action: 'confirm',
      code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000',
    });
    expect(wrong.error?.message).toBe(WRONG_CODE_MESSAGE);
    expect((await power(admin)).error?.status).toBe('PERMISSION_DENIED');

    const confirmed = await factor(admin, { action: 'confirm', code: totpCode(secret, Date.now()) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.result!.status).toEqual({ enrolled: true, sessionLive: true, recoveryCodesLeft: 10 });
    const codes = confirmed.result!.recoveryCodes!;
    expect(codes).toHaveLength(10);
    const after = (await db.doc(`admin_second_factors/${admin.uid}`).get()).data()!;
    for (const code of codes) expect(JSON.stringify(after)).not.toContain(code);
  });

  it('then lets the sign-in that entered the code use admin powers, and tells the admin’s address', async () => {
    expect((await power(admin)).status).toBe(200);
    const notice = await mailbox.waitFor(admin.email, NOTICE);
    expect(notice.text ?? '').toContain('Two-step sign-in was turned on');
  });

  it('refuses members and visitors', async () => {
    const member = await makeMember();
    expect((await factor(member, { action: 'start' })).error?.status).toBe('PERMISSION_DENIED');
    expect((await callAs('secondFactor', undefined, { action: 'status' })).error?.status).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('entering a code in a later sign-in', () => {
  it('refuses the powers to a password-only sign-in until a code is entered, and takes each code once', async () => {
    const { admin, secret } = await enrolledAdmin();
    const later = await signInAgain(admin);
    const refused = await power(later);
    expect(refused.error?.status).toBe('PERMISSION_DENIED');
    expect(refused.error?.message).toBe(SECOND_FACTOR_REQUIRED_MESSAGE);
    expect((await factor(later, { action: 'status' })).result!.status.sessionLive).toBe(false);

    // The code of the next step (one step of drift is allowed): the confirmation used this one.
    const code = totpCode(secret, Date.now() + 30_000);
    const verified = await factor(later, { action: 'verify', code });
    expect(verified.status).toBe(200);
    expect(verified.result!.status.sessionLive).toBe(true);
    expect((await power(later)).status).toBe(200);

    // The same code again, from yet another sign-in, is refused: a code is good once.
    const third = await signInAgain(admin);
    expect((await factor(third, { action: 'verify', code })).error?.message).toBe(WRONG_CODE_MESSAGE);
    expect((await power(third)).error?.status).toBe('PERMISSION_DENIED');
  });

  it('locks the code check after five wrong codes, the right code included', async () => {
    const { admin, secret } = await enrolledAdmin();
    const later = await signInAgain(admin);
    const right = totpCode(secret, Date.now() + 30_000);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++)
      expect((await factor(later, { action: 'verify', code: wrong })).error?.message).toBe(
        WRONG_CODE_MESSAGE,
      );
    expect((await factor(later, { action: 'verify', code: wrong })).error?.message).toBe(CODE_LOCKED_MESSAGE);
    expect((await factor(later, { action: 'verify', code: right })).error?.message).toBe(CODE_LOCKED_MESSAGE);
    expect((await power(later)).error?.status).toBe('PERMISSION_DENIED');
  });

  it('takes a recovery code once', async () => {
    const { admin, codes } = await enrolledAdmin();
    const later = await signInAgain(admin);
    const used = await factor(later, { action: 'verify', code: codes[0]!.toLowerCase() });
    expect(used.status).toBe(200);
    expect(used.result!.status).toEqual({ enrolled: true, sessionLive: true, recoveryCodesLeft: 9 });
    expect((await power(later)).status).toBe(200);
    const third = await signInAgain(admin);
    expect((await factor(third, { action: 'verify', code: codes[0]! })).error?.message).toBe(
      WRONG_CODE_MESSAGE,
    );
  });

  it('turns off only with a code, and regenerates recovery codes only with a TOTP code', async () => {
    const { admin, secret, codes } = await enrolledAdmin();
    expect((await factor(admin, { action: 'regenerate', code: codes[1]! })).error?.message).toBe(
      WRONG_CODE_MESSAGE,
    );
    const fresh = await factor(admin, { action: 'regenerate', code: totpCode(secret, Date.now() + 30_000) });
    expect(fresh.result!.recoveryCodes).toHaveLength(10);
    expect((await factor(admin, { action: 'disable', code: codes[1]! })).error?.message).toBe(
      WRONG_CODE_MESSAGE,
    );
    expect((await factor(admin, { action: 'disable', code: fresh.result!.recoveryCodes![0]! })).status).toBe(
      200,
    );
    expect((await db.doc(`admin_second_factors/${admin.uid}`).get()).exists).toBe(false);
    expect((await power(admin)).error?.message).toBe(SECOND_FACTOR_SETUP_MESSAGE);
  });
});

describe("another admin's reset (device and recovery codes lost)", () => {
  it('clears the member’s second factor with an audit entry; only an admin with a live factor may', async () => {
    const { admin: lost } = await enrolledAdmin();
    const helper = await makeMember({ admin: true });
    const unverified = await makeMember({ admin: true, secondFactor: false });
    expect((await factor(unverified, { action: 'reset', uid: lost.uid })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
    expect((await factor(lost, { action: 'reset', uid: lost.uid })).error?.status).toBe('INVALID_ARGUMENT');
    expect((await factor(helper, { action: 'reset', uid: lost.uid })).status).toBe(200);
    expect((await db.doc(`admin_second_factors/${lost.uid}`).get()).exists).toBe(false);
    const entries = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('target_uid', '==', lost.uid)
      .where('action', '==', 'reset_second_factor')
      .get();
    expect(entries.docs.map((entry) => entry.get('actor_uid'))).toEqual([helper.uid]);
    expect((await power(lost)).error?.message).toBe(SECOND_FACTOR_SETUP_MESSAGE);
    await eventually(
      () => mailbox.mailsTo(lost.email),
      (mails) =>
        mails.some((mail) => (mail.text ?? '').includes('Another administrator reset the two-step sign-in')),
    );
  });
});
