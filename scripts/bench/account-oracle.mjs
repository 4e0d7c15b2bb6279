// Whether the account callables tell an address with an account from one without,
// by their answer time: requestPasswordReset for members' addresses and for
// strangers' addresses, and requestEmailChange to an address another member holds
// and to a free one. Each kind gets ORACLE_CALLS calls (default 20), in pairs that
// alternate which goes first so that load drifts hit both alike, with a pause after
// each call for its queued task to finish, each with its own address and client IP so no
// throttle answers in place of the callable; the report gives the medians and their
// gap (target < 20 ms) and whether the answers' bodies were identical.
// Runs inside `firebase emulators:exec` (inner.mjs, or alone: `node --import tsx scripts/bench/account-oracle.mjs`).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../emulator-env.mjs';
import { ensureMailDev, functionsOrigin } from './newsletter.mjs';
import { THROTTLES, throttleKey } from '../../functions/src/accounts/throttle.ts';
import { EMULATOR_CLIENT_ADDRESS } from '../../functions/src/shared/client-address.ts';
import { benchProfile } from './bench-profile.mjs';

const CALLS = Number(process.env.ORACLE_CALLS ?? 20);
/** The largest gap between the two medians that tells nothing (issue 23). */
export const ORACLE_GAP_TARGET_MS = 20;
const PASSWORD = 'bench-pass';

function app() {
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `count` approved members with verified addresses and profiles. */
async function addMembers(label, count) {
  const auth = getAuth(app());
  const db = getFirestore(app());
  const stamp = Date.now().toString(36);
  const members = [];
  for (let i = 0; i < count; i += 1) {
    const email = `oracle-${label}-${stamp}-${i}@example.com`;
    const user = await auth.createUser({
      email,
      password: PASSWORD,
      emailVerified: true,
      displayName: `Oracle ${label} ${i}`,
    });
    await db.doc(`profiles/${user.uid}`).set(
      benchProfile(user.uid, {
        name: `Oracle ${label} ${i}`,
        slug: `oracle-${label}-${stamp}-${i}`,
        category: 'Book Lover/Marketer',
      }),
    );
    members.push({ uid: user.uid, email });
  }
  return members;
}

async function idToken(email) {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  return (await response.json()).idToken;
}

/**
 * The functions emulator counts every caller as one client (it passes no client
 * address), so the reset's per-client allowance would be spent after ten calls and
 * every later answer would be the throttle's. Before each timed call the bench gives
 * that one client a fresh allowance (outside the timed window), as distinct clients
 * in production would have.
 */
async function freshClientAllowance() {
  await getFirestore(app())
    .collection(THROTTLES)
    .doc(throttleKey({ kind: 'reset-ip', value: EMULATOR_CLIENT_ADDRESS }))
    .delete();
}

let ip = 0;
/** One call with a client IP of its own; resolves with the time to the full answer and the answer's body. */
async function timedCall(origin, name, data, token) {
  await freshClientAllowance();
  ip += 1;
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': `203.0.113.${ip % 250}, 10.${Math.floor(ip / 250)}.0.${ip % 250}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const response = await fetch(`${origin}/${PROJECT_ID}/us-central1/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data }),
  });
  const body = await response.text();
  return { ms: performance.now() - started, body: `${response.status} ${body}` };
}

/**
 * How long to wait after each call before the next timed one (ORACLE_SETTLE_MS): the
 * call's queued task runs on the same machine here, and would slow whichever call comes
 * next. In production the task runs on another instance, so the caller sees only the
 * request path, which is what this measures.
 */
const SETTLE_MS = Number(process.env.ORACLE_SETTLE_MS ?? 600);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Medians of two series of calls (paired, alternating which goes first), their gap, and whether every answer was the same. */
async function compare(calls) {
  const [a, b] = [[], []];
  for (const [i, [callA, callB]] of calls.entries()) {
    for (const [call, into] of i % 2 === 0
      ? [
          [callA, a],
          [callB, b],
        ]
      : [
          [callB, b],
          [callA, a],
        ]) {
      into.push(await call());
      await sleep(SETTLE_MS);
    }
  }
  const bodiesA = new Set(a.map((r) => r.body));
  const bodiesB = new Set(b.map((r) => r.body));
  const medianA = median(a.map((r) => r.ms));
  const medianB = median(b.map((r) => r.ms));
  const round = (value) => Math.round(value * 10) / 10;
  return {
    calls: a.length,
    member_median_ms: round(medianA),
    stranger_median_ms: round(medianB),
    gap_ms: round(Math.abs(medianA - medianB)),
    same_answer: bodiesA.size === 1 && bodiesB.size === 1 && [...bodiesA][0] === [...bodiesB][0],
    // A few distinct answers, to show what differs when they do.
    answers: [...new Set([...bodiesA, ...bodiesB])].slice(0, 4).map((body) => body.slice(0, 160)),
  };
}

/** The timing of requestPasswordReset and requestEmailChange for existing and unknown addresses. */
export async function benchAccountOracle() {
  const stopMailDev = await ensureMailDev();
  try {
    const origin = await functionsOrigin();
    const stamp = Date.now().toString(36);
    const [resetMembers, movers, holders] = [
      await addMembers('reset', CALLS + 2),
      await addMembers('mover', 2 * CALLS + 2),
      await addMembers('holder', CALLS + 2),
    ];
    const stranger = (i) => `oracle-nobody-${stamp}-${i}@example.com`;

    // Warm-up: the first call of each function pays its worker's start.
    await timedCall(origin, 'requestPasswordReset', { email: resetMembers[CALLS].email });
    await timedCall(origin, 'requestPasswordReset', { email: stranger(CALLS) });
    const reset = await compare(
      Array.from({ length: CALLS }, (_, i) => [
        () => timedCall(origin, 'requestPasswordReset', { email: resetMembers[i].email }),
        () => timedCall(origin, 'requestPasswordReset', { email: stranger(i) }),
      ]),
    );

    // Each mover asks once (the change is throttled per member): half of them for an address another member holds, half for a free one.
    const tokens = [];
    for (const mover of movers) tokens.push(await idToken(mover.email));
    await timedCall(origin, 'requestEmailChange', { newEmail: holders[CALLS].email }, tokens[2 * CALLS]);
    await timedCall(
      origin,
      'requestEmailChange',
      { newEmail: `oracle-free-${stamp}-warm@example.com` },
      tokens[2 * CALLS + 1],
    );
    const emailChange = await compare(
      Array.from({ length: CALLS }, (_, i) => [
        () => timedCall(origin, 'requestEmailChange', { newEmail: holders[i].email }, tokens[2 * i]),
        () =>
          timedCall(
            origin,
            'requestEmailChange',
            { newEmail: `oracle-free-${stamp}-${i}@example.com` },
            tokens[2 * i + 1],
          ),
      ]),
    );
    // The two email-change answers name the address asked for, so only their shape must match.
    emailChange.same_answer = emailChange.answers.every((body) =>
      body.startsWith('200 {"result":{"newEmail":'),
    );
    // (answers holds up to four distinct bodies; any error among them shows there.)
    return { target_gap_ms: ORACLE_GAP_TARGET_MS, reset, email_change: emailChange };
  } finally {
    stopMailDev();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchAccountOracle().then(
    (result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
