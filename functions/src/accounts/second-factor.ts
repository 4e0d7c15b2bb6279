// The admin second factor's one callable: set up, enter a code, new recovery
// codes, turn off, and another admin's reset. The record
// admin_second_factors/{uid} is written only here and read only here and by the
// caller guard and firestore.rules' isAdmin(); no client reads or writes it.
//
// Record: { enrolled, secret (sealed), pending_secret (sealed, during set-up),
// last_step (the last TOTP step accepted: a code is good once), recovery_hashes,
// failures, locked_until (millis), sessions (auth_time → end, millis) }.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { DocumentData } from 'firebase-admin/firestore';
import {
  ADMIN_SECOND_FACTORS,
  CODE_LOCKED_MESSAGE,
  isTotpCode,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  secondFactorRequestSchema,
  secondFactorSessionLive,
  withSession,
  WRONG_CODE_MESSAGE,
  type SecondFactorResponse,
  type SecondFactorStatus,
} from '../../../src/domain/accounts/second-factor';
import { ADMIN_ONLY_MESSAGE } from '../../../src/domain/shared/caller-standing';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { audit } from '../shared/audit';
import { db } from '../shared/firestore';
import { guardedCall, type Caller } from '../shared/guard';
import { sendSecondFactorNotice } from '../mail/second-factor-notice';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
} from './totp';

const recordRef = (uid: string) => db().collection(ADMIN_SECOND_FACTORS).doc(uid);

/** The status the pages show, from the record (undefined when there is none). */
function statusOf(data: DocumentData | undefined, authTime: number, now: number): SecondFactorStatus {
  const enrolled = data?.enrolled === true;
  return {
    enrolled,
    sessionLive: enrolled && secondFactorSessionLive(data?.sessions, authTime, now),
    recoveryCodesLeft: enrolled ? ((data?.recovery_hashes as string[] | undefined)?.length ?? 0) : 0,
  };
}

/** What a code check decided, committed before the callable answers (failures count even when it refuses). */
type CodeOutcome =
  | { ok: true; data: DocumentData; recoveryCodes?: string[] }
  | { ok: false; message: string; code: 'invalid-argument' | 'resource-exhausted' | 'failed-precondition' };

/** Which codes an action takes: a TOTP code only, or a recovery code too. */
type CodeKind = 'totp' | 'totp-or-recovery';

/**
 * Checks `code` against the record in one transaction, counting a wrong code
 * and locking after SECOND_FACTOR_MAX_FAILURES; on a right one applies `onRight`
 * (which returns the record's new fields, or null to delete it).
 */
async function checkCode(
  caller: Caller,
  code: string,
  kind: CodeKind,
  useSecret: 'secret' | 'pending_secret',
  onRight: (data: DocumentData, now: number) => { fields: DocumentData | null; recoveryCodes?: string[] },
): Promise<CodeOutcome> {
  const ref = recordRef(caller.uid);
  return db().runTransaction(async (tx): Promise<CodeOutcome> => {
    const now = Date.now();
    const snapshot = await tx.get(ref);
    const data = snapshot.data();
    const sealed = data?.[useSecret] as string | undefined;
    if (!data || !sealed || (useSecret === 'secret' && data.enrolled !== true))
      return {
        ok: false,
        code: 'failed-precondition',
        message:
          useSecret === 'secret'
            ? 'Two-step sign-in is not set up for your account.'
            : 'Please start the set-up again.',
      };
    if (typeof data.locked_until === 'number' && data.locked_until > now)
      return { ok: false, code: 'resource-exhausted', message: CODE_LOCKED_MESSAGE };
    let right: DocumentData | null = null;
    if (isTotpCode(code)) {
      const step = matchingStep(openSecret(sealed), code, now, Number(data.last_step ?? 0));
      if (step !== null) right = { last_step: step };
    } else if (kind === 'totp-or-recovery') {
      const hash = recoveryCodeHash(code);
      const hashes = (data.recovery_hashes as string[] | undefined) ?? [];
      if (hashes.includes(hash)) right = { recovery_hashes: hashes.filter((h) => h !== hash) };
    }
    if (right === null) {
      const failures = Number(data.failures ?? 0) + 1;
      const locked = failures >= SECOND_FACTOR_MAX_FAILURES;
      tx.update(ref, {
        failures: locked ? 0 : failures,
        locked_until: locked ? now + SECOND_FACTOR_LOCK_MINUTES * 60_000 : (data.locked_until ?? null),
      });
      return locked
        ? { ok: false, code: 'resource-exhausted', message: CODE_LOCKED_MESSAGE }
        : { ok: false, code: 'invalid-argument', message: WRONG_CODE_MESSAGE };
    }
    const merged = { ...data, ...right, failures: 0, locked_until: null };
    const applied = onRight(merged, now);
    if (applied.fields === null) tx.delete(ref);
    else
      tx.set(
        ref,
        Object.fromEntries(
          Object.entries({ ...merged, ...applied.fields }).filter(([, value]) => value !== undefined),
        ),
      );
    return { ok: true, data: applied.fields ?? {}, recoveryCodes: applied.recoveryCodes };
  });
}

/** Throws the refusal, or gives the outcome's record. */
function accepted(outcome: CodeOutcome): Extract<CodeOutcome, { ok: true }> {
  if (!outcome.ok) throw new HttpsError(outcome.code, outcome.message);
  return outcome;
}

/**
 * Callable, signed in as an admin (by claim and profile; the second factor is
 * what it sets up). Request: one of secondFactorRequestSchema's actions.
 * - status: where the caller stands;
 * - start: a new secret for the app (not yet in force), as { secret, uri };
 * - confirm {code}: the first code puts the secret in force, opens a session
 *   for this sign-in and answers ten recovery codes, shown once;
 * - verify {code}: a TOTP code (each step once) or a recovery code (each once)
 *   opens a second-factor session for this sign-in;
 * - regenerate {code}: new recovery codes for a TOTP code;
 * - disable {code}: turns the factor off for a TOTP or recovery code;
 * - reset {uid}: an admin with a live second factor clears a member's, audited.
 * Five wrong codes in a row lock the code check for 15 minutes.
 */
export const secondFactor = guardedCall('session', async (request, caller): Promise<SecondFactorResponse> => {
  const parsed = secondFactorRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const input = parsed.data;
  if (!caller.adminRole) throw new HttpsError('permission-denied', ADMIN_ONLY_MESSAGE);
  const ref = recordRef(caller.uid);

  switch (input.action) {
    case 'status': {
      const snapshot = await ref.get();
      return { status: statusOf(snapshot.data(), caller.authTime, Date.now()) };
    }
    case 'start': {
      const secret = newTotpSecret();
      await db().runTransaction(async (tx) => {
        const data = (await tx.get(ref)).data();
        if (data?.enrolled === true)
          throw new HttpsError('failed-precondition', 'Two-step sign-in is on already. Turn it off first.');
        tx.set(ref, { enrolled: false, pending_secret: sealSecret(secret), failures: 0, locked_until: null });
      });
      const account = String(
        (request.auth?.token as Record<string, unknown> | undefined)?.email ?? caller.uid,
      );
      return {
        status: { enrolled: false, sessionLive: false, recoveryCodesLeft: 0 },
        secret,
        uri: otpauthUri(secret, account),
      };
    }
    case 'confirm': {
      const codes = newRecoveryCodes();
      const outcome = accepted(
        await checkCode(caller, input.code, 'totp', 'pending_secret', (data, now) => ({
          fields: {
            enrolled: true,
            secret: data.pending_secret,
            pending_secret: undefined,
            recovery_hashes: codes.map((code) => recoveryCodeHash(code)),
            sessions: withSession(undefined, caller.authTime, now),
            enrolled_at: now,
          },
          recoveryCodes: codes,
        })),
      );
      logger.info('second factor enrolled', { uid: caller.uid });
      await sendSecondFactorNotice(caller.uid, 'on');
      return {
        status: { enrolled: true, sessionLive: true, recoveryCodesLeft: codes.length },
        recoveryCodes: outcome.recoveryCodes,
      };
    }
    case 'verify': {
      const outcome = accepted(
        await checkCode(caller, input.code, 'totp-or-recovery', 'secret', (data, now) => ({
          fields: { sessions: withSession(data.sessions, caller.authTime, now) },
        })),
      );
      const data = (await ref.get()).data() ?? outcome.data;
      return { status: statusOf(data, caller.authTime, Date.now()) };
    }
    case 'regenerate': {
      const codes = newRecoveryCodes();
      accepted(
        await checkCode(caller, input.code, 'totp', 'secret', () => ({
          fields: { recovery_hashes: codes.map((code) => recoveryCodeHash(code)) },
          recoveryCodes: codes,
        })),
      );
      const data = (await ref.get()).data();
      return { status: statusOf(data, caller.authTime, Date.now()), recoveryCodes: codes };
    }
    case 'disable': {
      accepted(await checkCode(caller, input.code, 'totp-or-recovery', 'secret', () => ({ fields: null })));
      logger.info('second factor turned off', { uid: caller.uid });
      await sendSecondFactorNotice(caller.uid, 'off');
      return { status: { enrolled: false, sessionLive: false, recoveryCodesLeft: 0 } };
    }
    case 'reset': {
      // Another admin's power: the caller's own second factor must be live.
      if (!caller.admin) throw new HttpsError('permission-denied', ADMIN_ONLY_MESSAGE);
      if (input.uid === caller.uid)
        throw new HttpsError('invalid-argument', 'Use a recovery code to reset your own second factor.');
      const target = recordRef(input.uid);
      const existed = (await target.get()).exists;
      await target.delete();
      await audit(db(), {
        actorUid: caller.uid,
        action: 'reset_second_factor',
        targetUid: input.uid,
        before: { second_factor: existed },
        after: { second_factor: false },
      });
      logger.info('second factor reset by an admin', { uid: input.uid, by: caller.uid });
      if (existed) await sendSecondFactorNotice(input.uid, 'reset');
      return { status: { enrolled: false, sessionLive: false, recoveryCodesLeft: 0 } };
    }
  }
});
