// Runs a scheduled function's handler once against the emulators, as its schedule
// would (the functions emulator does not run schedules): prints what it returns as
// JSON. Refuses to run against anything but the emulators. Used by
// scripts/weekly-digest.ts and scripts/out-now.ts, and through them by the follows e2e spec.
export async function runOnEmulators(job: () => Promise<unknown>): Promise<never> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    console.error(
      'FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set: this runs only on the emulators.',
    );
    process.exit(1);
  }
  process.env.GCLOUD_PROJECT ||= 'demo-shelfmark';
  // The demo project's mail catcher and keys (functions/.env.demo-shelfmark).
  process.env.SMTP_URL ||= 'smtp://127.0.0.1:1025';
  process.env.NEWSLETTER_SIGNING_SECRET ||= 'demo-only-newsletter-signing-secret';
  process.env.MAIL_SUPPRESSION_SECRET ||= 'demo-only-mail-suppression-secret';
  console.log(JSON.stringify(await job()));
  process.exit(0);
}
