// A direct Firestore write through the rules, as a browser holding an ID token
// makes it (the REST API), for tests of what the rules let an old token do.
import { PROJECT_ID } from './emulator';

/** PATCHes `fields` (strings) of the document at `path` with `idToken`; returns the HTTP status (200 written, 403 refused). */
export async function directWrite(
  idToken: string,
  path: string,
  fields: Record<string, string>,
): Promise<number> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run through `firebase emulators:exec`.');
  const mask = Object.keys(fields)
    .map((key) => `updateMask.fieldPaths=${encodeURIComponent(key)}`)
    .join('&');
  const body = {
    fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, { stringValue: value }])),
  };
  const response = await fetch(
    `http://${host}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${path}?${mask}`,
    {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    },
  );
  return response.status;
}
