// Test-only step of scripts/test-with-emulators.mjs, between the seed and the build:
// writes a profile and a book that fail their schemas but match the public queries
// (tests/e2e/helpers/malformed-documents.ts), so the e2e tests prove that one bad
// document leaves the rest of every page intact. Refuses to run outside the emulators.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { writeMalformedDocuments } from '../tests/e2e/helpers/malformed-documents.ts';

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  console.error(
    'FIRESTORE_EMULATOR_HOST must be set: malformed test documents are only written to the emulator.',
  );
  process.exit(1);
}
const app = initializeApp(
  { projectId: process.env.GCLOUD_PROJECT || 'demo-shelfmark' },
  'malformed-documents',
);
await writeMalformedDocuments(getFirestore(app));
console.log('Wrote the malformed test documents (a profile and a book).');
