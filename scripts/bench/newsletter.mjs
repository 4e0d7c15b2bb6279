// Newsletter delivery figures (issue 12), on the emulators with MailDev as the mail
// catcher: 2,000 extra verified members, a newsletter sent to All Users through the
// real sendNewsletter callable and deliverNewsletterBatch task queue; the time until
// every mail is in the catcher, mails per second, and duplicates and missing mails
// counted in the catcher. Then the same again while the functions' worker processes
// are killed mid-send, so the queue has to retry the interrupted batches.
// Runs inside `firebase emulators:exec` (inner.mjs, or alone: `node scripts/bench/newsletter.mjs`).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, ROOT } from '../emulator-env.mjs';
import { benchProfile } from './bench-profile.mjs';

const RECIPIENTS = Number(process.env.BENCH_NEWSLETTER_RECIPIENTS ?? 2000);
const MAILDEV_WEB = 1080;
const SMTP = 1025;
const TIMEOUT_MS = 10 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isListening(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** MailDev on 1025/1080: the one already running, or one started here (stopped by the returned function). */
export async function ensureMailDev() {
  if (await isListening(SMTP)) return () => {};
  const child = spawn(
    join(ROOT, 'node_modules/.bin/maildev'),
    ['--smtp', String(SMTP), '--web', String(MAILDEV_WEB), '--ip', '127.0.0.1', '--silent'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 60 && !(await isListening(MAILDEV_WEB)); i++) await sleep(250);
  return () => child.kill('SIGTERM');
}

/** Subjects and recipients of every caught mail. */
async function caught() {
  const mails = await (await fetch(`http://127.0.0.1:${MAILDEV_WEB}/email`)).json();
  return mails.map((m) => ({
    subject: m.subject,
    to: (m.to?.[0]?.address ?? '').toLowerCase(),
    messageId: m.messageId ?? m.headers?.['message-id'] ?? '',
  }));
}

function app() {
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}

/** Adds `count` active, approved, verified members (Auth users by import, profiles in bulk). */
async function addRecipients(count) {
  const auth = getAuth(app());
  const db = getFirestore(app());
  const stamp = Date.now().toString(36);
  const users = Array.from({ length: count }, (_, i) => ({
    uid: `nlbench-${stamp}-${i}`,
    email: `nlbench-${stamp}-${i}@example.com`,
    emailVerified: true,
    displayName: `Bench Reader ${i}`,
  }));
  for (let i = 0; i < users.length; i += 1000) {
    const result = await auth.importUsers(users.slice(i, i + 1000));
    if (result.failureCount > 0) throw new Error(`importUsers: ${result.errors[0]?.error.message}`);
  }
  const writer = db.bulkWriter();
  for (const u of users) {
    writer.set(
      db.doc(`profiles/${u.uid}`),
      benchProfile(u.uid, { name: u.displayName, category: 'Book Lover/Marketer' }),
    );
  }
  await writer.close();
}

/** An admin with a profile, signed in through the Auth emulator for an ID token. */
async function adminToken() {
  const auth = getAuth(app());
  const email = `nlbench-admin-${Date.now().toString(36)}@example.com`;
  const user = await auth.createUser({ email, password: 'bench-pass', emailVerified: true });
  await auth.setCustomUserClaims(user.uid, { admin: true });
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-pass', returnSecureToken: true }),
    },
  );
  const { idToken } = await response.json();
  // The admin's sign-in passes the second factor, as a real admin's does before sending.
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8'));
  await getFirestore(app())
    .doc(`admin_second_factors/${user.uid}`)
    .set({ enrolled: true, sessions: { [String(claims.auth_time)]: 8.64e15 } }, { merge: true });
  return idToken;
}

/** The functions emulator's origin, from the emulator hub. */
export async function functionsOrigin() {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  const emulators = await (await fetch(`http://${hub}/emulators`)).json();
  return `http://${emulators.functions.host}:${emulators.functions.port}`;
}

/** The functions emulator's worker processes that belong to this emulators:exec session. */
function ownWorkers() {
  const parentOf = new Map();
  const runtimes = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('functionsEmulatorRuntime'))
        runtimes.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  // Our session: the nearest ancestor of this process that is the firebase CLI.
  let session = process.ppid;
  for (let pid = process.pid; pid > 1; pid = parentOf.get(pid) ?? 1) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('emulators:exec')) session = pid;
    } catch {
      break;
    }
  }
  return runtimes.filter((pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 1) if (p === session) return true;
    return false;
  });
}

/** Sends one newsletter to All Users; when `killAt` (a share of the recipients) is set, kills the workers once that many mails arrived. */
async function sendOnce(origin, token, killAt) {
  const db = getFirestore(app());
  await fetch(`http://127.0.0.1:${MAILDEV_WEB}/email/all`, { method: 'DELETE' });
  const title = `Bench newsletter ${Date.now().toString(36)}`;
  const ref = await db.collection('newsletters').add({
    title,
    subtitle: 'Delivery benchmark',
    content: '## Hello\n\n1. **One:** two',
    is_published: true,
    created_by: 'bench',
    created_at: new Date(),
    updated_at: new Date(),
    sent_at: null,
    recipient_count: null,
  });
  const started = Date.now();
  const answer = await (
    await fetch(`${origin}/${PROJECT_ID}/us-central1/sendNewsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { newsletterId: ref.id, group: 'all' } }),
    })
  ).json();
  if (!answer.result) throw new Error(`sendNewsletter: ${JSON.stringify(answer.error)}`);
  const expected = answer.result.recipientCount;
  let killed = 0;
  let ours = [];
  let lastChange = Date.now();
  while (Date.now() - started < TIMEOUT_MS) {
    const next = (await caught()).filter((m) => m.subject === title);
    if (next.length !== ours.length) lastChange = Date.now();
    ours = next;
    if (killAt && !killed && ours.length >= expected * killAt) {
      for (const pid of ownWorkers()) {
        try {
          process.kill(pid, 'SIGKILL');
          killed++;
        } catch {
          // Already gone.
        }
      }
    }
    const sent = (await ref.get()).get('sent_at');
    if (sent && ours.length >= expected) break;
    // Nothing new for five minutes (longer than a delivery lease plus the queue's backoff,
    // so mails held by a killed worker are retried, and any repeat is counted): report.
    if (Date.now() - lastChange > 300_000) break;
    await sleep(1_000);
  }
  const elapsed = Date.now() - started;
  await sleep(3_000);
  ours = (await caught()).filter((m) => m.subject === title);
  const unique = new Set(ours.map((m) => m.to));
  // A repeat with the Message-ID of the first copy is one mail in the member's mailbox;
  // a second Message-ID for the same member would be a visible duplicate.
  const distinctMails = new Set(ours.map((m) => `${m.to} ${m.messageId}`));
  const doc = (await ref.get()).data();
  return {
    recipients: expected,
    delivered: unique.size,
    duplicates: distinctMails.size - unique.size,
    repeated_transmissions: ours.length - distinctMails.size,
    missing: expected - unique.size,
    seconds: Math.round(elapsed / 100) / 10,
    mails_per_second: Math.round((ours.length / (elapsed / 1000)) * 10) / 10,
    completed: Boolean(doc?.sent_at) && doc?.recipient_count === expected,
    workers_killed: killAt ? killed : undefined,
  };
}

/** The newsletter figures: a clean send and one with the workers killed at 30 %. */
export async function benchNewsletter() {
  const stopMailDev = await ensureMailDev();
  try {
    await addRecipients(RECIPIENTS);
    const origin = await functionsOrigin();
    const token = await adminToken();
    const clean = await sendOnce(origin, token, undefined);
    const killed = await sendOnce(origin, token, 0.3);
    return { added_members: RECIPIENTS, clean, killed };
  } finally {
    stopMailDev();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchNewsletter().then(
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
