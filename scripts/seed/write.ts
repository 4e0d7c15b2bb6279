// The seed's only I/O against Firebase: wiping the emulators, creating Auth
// users and writing documents. Runs against the emulators only (main.ts checks).
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { SeedDoc, SeedUser } from './context.ts';

/** Firestore's limit of writes per batch. */
const BATCH_SIZE = 500;

/** Deletes every document and every Auth user of the project in the emulators. */
export async function wipeEmulators(
  projectId: string,
  firestoreHost: string,
  authHost: string,
): Promise<void> {
  const targets = [
    `http://${firestoreHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    `http://${authHost}/emulator/v1/projects/${projectId}/accounts`,
  ];
  for (const url of targets) {
    const response = await fetch(url, { method: 'DELETE' });
    if (!response.ok) throw new Error(`Could not wipe ${url}: ${response.status} ${await response.text()}`);
  }
}

/** Creates the Auth users with their fixed uids, and the admin claim where due. */
export async function createUsers(auth: Auth, users: readonly SeedUser[]): Promise<void> {
  await Promise.all(
    users.map(async (user) => {
      await auth.createUser({
        uid: user.uid,
        email: user.email,
        password: user.password,
        displayName: user.displayName,
        emailVerified: user.emailVerified,
      });
      if (user.admin) await auth.setCustomUserClaims(user.uid, { admin: true });
    }),
  );
}

/** Writes the documents, and their private subdocuments, in batches of at most 500 writes. */
export async function writeDocs(db: Firestore, docs: readonly SeedDoc[]): Promise<void> {
  const writes = docs.flatMap((doc) => {
    const ref = db.collection(doc.collection).doc(doc.id);
    return [
      { ref, data: doc.data },
      ...Object.entries(doc.private ?? {}).map(([name, data]) => ({
        ref: ref.collection('private').doc(name),
        data,
      })),
    ];
  });
  for (let start = 0; start < writes.length; start += BATCH_SIZE) {
    const batch = db.batch();
    for (const { ref, data } of writes.slice(start, start + BATCH_SIZE)) batch.set(ref, data);
    await batch.commit();
  }
}

/** The emulator hub's address: what `firebase emulators:exec` passes, else this project's port (firebase.json). */
export function emulatorHub(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIREBASE_EMULATOR_HUB ?? '127.0.0.1:4400';
}

/**
 * Runs `work` with the functions emulator's background triggers switched off,
 * through the emulator hub, and switches them on again afterwards, also when
 * `work` fails. The seed writes every field the triggers derive (validate.ts
 * checks it agrees with them), so running them would change nothing; switched on,
 * the seed's thousand writes leave a backlog of trigger runs that competes with
 * whatever runs next (the build, the end-to-end tests) for minutes. Without a
 * reachable hub, or with no functions emulator behind it, `work` runs as it is.
 */
export async function withTriggersPaused<T>(hub: string, work: () => Promise<T>): Promise<T> {
  const toggle = async (state: 'disable' | 'enable'): Promise<boolean> => {
    try {
      const response = await fetch(`http://${hub}/functions/${state}BackgroundTriggers`, { method: 'PUT' });
      return response.ok;
    } catch {
      return false;
    }
  };
  if (!(await toggle('disable'))) return work();
  const outcome = await work().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const enabled = await toggle('enable');
  if (!outcome.ok) throw outcome.error;
  if (!enabled) throw new Error(`Could not switch the triggers on again through ${hub}`);
  return outcome.value;
}
