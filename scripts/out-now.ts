// Runs the outNowAlerts handler once against the emulators, as its hourly
// schedule would: `npx tsx scripts/out-now.ts` (the functions emulator does not
// run schedules). Claims the preorders whose publication date has come and
// queues their "out now" alerts. The follows e2e spec uses it too. Refuses to
// run against anything but the emulators.
import { releaseDueOutNow } from '../functions/src/follows/out-now.ts';
import { liveAlertDeps } from '../functions/src/follows/follow-functions.ts';

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error(
    'FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set: this runs only on the emulators.',
  );
  process.exit(1);
}
process.env.GCLOUD_PROJECT ||= 'demo-shelfmark';
// The demo project's mail catcher and signing key (functions/.env.demo-shelfmark).
process.env.SMTP_URL ||= 'smtp://127.0.0.1:1025';
process.env.NEWSLETTER_SIGNING_SECRET ||= 'demo-only-newsletter-signing-secret';
console.log(JSON.stringify(await releaseDueOutNow(liveAlertDeps())));
process.exit(0);
