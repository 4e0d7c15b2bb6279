// `npm run seed`: replaces everything in the running emulators (Firestore, Auth)
// and the local media folder with the deterministic Shelfmark demo data.
// Refuses to run against anything but the emulators.
import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, parse, relative, resolve } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { localMediaRoot, localMediaStore, usesCloudMedia } from '../../src/data/server/media/media-store.ts';
import { rotateSpotlight } from '../../functions/src/home/rotation.ts';
import { generateMemberStats } from './analytics.ts';
import { generateSubscribers } from './subscribers.ts';
import { generateMailSuppressions } from './mail-suppressions.ts';
import { generate } from './generate.ts';
import { writeImages } from './images.ts';
import { checkReferences, validateDocs } from './validate.ts';
import { createUsers, emulatorHub, wipeEmulators, withTriggersPaused, writeDocs } from './write.ts';
import { demoAdminSecondFactor } from './second-factor.ts';

function fail(message: string): never {
  console.error(`Seed aborted: ${message}`);
  process.exit(1);
}

/** Refuses to wipe a folder that obviously is not a media folder (/, home, the repo or one of its parents). */
function assertSafeToWipe(root: string): void {
  const cwd = process.cwd();
  const isAncestorOfCwd = !relative(root, cwd).startsWith('..');
  if (
    root === parse(root).root ||
    root === homedir() ||
    isAncestorOfCwd ||
    dirname(root) === parse(root).root
  ) {
    fail(`refusing to wipe media folder ${root}; point MEDIA_DIR at a dedicated folder`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!firestoreHost || !authHost)
    fail(
      'FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set; the seed only writes to the emulators.',
    );
  if (usesCloudMedia()) fail('MEDIA_STORE=cloud: the seed only writes to the local media folder.');
  const projectId = process.env.GCLOUD_PROJECT || 'demo-shelfmark';

  const mediaRoot = resolve(localMediaRoot());
  assertSafeToWipe(mediaRoot);
  const store = localMediaStore(mediaRoot);

  // Media URLs stay site-relative (/media/…), so the data works on any host and port.
  const data = generate({ mediaUrl: (path) => store.publicUrl(path) });
  let docs;
  try {
    docs = validateDocs(data.docs);
    checkReferences(docs);
  } catch (error) {
    fail((error as Error).message);
  }

  const app = initializeApp({ projectId }, 'seed');
  // The seed already holds what the triggers would derive: they are paused while it writes.
  const [[images], spotlight] = await withTriggersPaused(emulatorHub(), async () => {
    await wipeEmulators(projectId, firestoreHost, authHost);
    await rm(mediaRoot, { recursive: true, force: true });
    const written = await Promise.all([
      writeImages(store, data.images),
      createUsers(getAuth(app), data.users),
      writeDocs(getFirestore(app), docs),
    ]);
    // Today's Spotlight for the empty featured slots, chosen by the step the publish
    // pipeline runs, so the first build (npm start, the e2e run) already shows it.
    return [written, await rotateSpotlight(getFirestore(app), new Date())] as const;
  });

  // The demo's analytics, over the 90 days before today (scripts/seed/analytics.ts). No trigger watches them.
  const stats = generateMemberStats(docs, Date.now());
  const writer = getFirestore(app).bulkWriter();
  for (const day of stats) void writer.set(getFirestore(app).doc(day.path), day.data);
  // Visitors who subscribed to the newsletters and confirmed (scripts/seed/subscribers.ts).
  const subscribers = generateSubscribers(Date.now());
  for (const subscriber of subscribers)
    void writer.set(getFirestore(app).doc(subscriber.path), subscriber.data);
  // The demo admin's second factor, set up with the README's known secret (scripts/seed/second-factor.ts).
  const factor = demoAdminSecondFactor('demo-admin');
  void writer.set(getFirestore(app).doc(factor.path), factor.data);
  // One demo member whose mail is stopped (scripts/seed/mail-suppressions.ts).
  const suppressions = generateMailSuppressions(
    resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'),
    Date.now(),
  );
  for (const suppression of suppressions)
    void writer.set(getFirestore(app).doc(suppression.path), suppression.data);
  await writer.close();

  const counts = new Map<string, number>();
  for (const doc of docs) counts.set(doc.collection, (counts.get(doc.collection) ?? 0) + 1);
  console.log(`Seeded project ${projectId} (Firestore ${firestoreHost}, Auth ${authHost}):`);
  console.log(`  auth users${String(data.users.length).padStart(18)}`);
  for (const [collection, count] of counts)
    console.log(`  ${collection.padEnd(24)}${String(count).padStart(4)}`);
  console.log(`  spotlight${String(spotlight.picks.length).padStart(19)}  (books for ${spotlight.day})`);
  console.log(`  member_stats days${String(stats.length).padStart(12)}`);
  console.log(`  newsletter_subscribers${String(subscribers.length).padStart(7)}`);
  console.log(`  mail_suppressions${String(suppressions.length).padStart(12)}`);
  console.log(
    `  images${String(images.count).padStart(22)}  (${Math.round(images.bytes / 1024)} KB in ${mediaRoot})`,
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
