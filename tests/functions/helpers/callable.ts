// Calls the callable functions on the functions emulator exactly as the browser
// SDK does: POST { data } to the function's URL, with the member's ID token when
// signed in.
import { adminDb, PROJECT_ID } from './emulator';

/** The functions emulator's address, asked from the emulator hub that `emulators:exec` names. */
export async function functionsOrigin(): Promise<string> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub)
    throw new Error('FIREBASE_EMULATOR_HUB is not set: run these tests through `firebase emulators:exec`.');
  const emulators = (await (await fetch(`http://${hub}/emulators`)).json()) as Record<
    string,
    { host: string; port: number }
  >;
  const functions = emulators.functions;
  if (!functions) throw new Error('the functions emulator is not running');
  return `http://${functions.host}:${functions.port}`;
}

/** The answer of a callable: its result, or its error as the browser SDK would see it. */
export interface CallableAnswer<T> {
  /** HTTP status. */
  status: number;
  /** The function's result on success. */
  result?: T;
  /** The error on failure. */
  error?: { status: string; message: string };
}

/** Who calls: a signed-in member's ID token, and the client IP the request claims to come from. */
export interface Caller {
  /** ID token, sent as Authorization: Bearer. */
  idToken?: string;
  /** Sent as X-Forwarded-For, the header Cloud Functions sets to the caller's address. */
  ip?: string;
}

let origin: Promise<string> | undefined;

/** Calls the callable `name` with `data`. */
export async function callFunction<T>(
  name: string,
  data: unknown,
  caller: Caller = {},
): Promise<CallableAnswer<T>> {
  origin ??= functionsOrigin();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (caller.idToken) headers.authorization = `Bearer ${caller.idToken}`;
  if (caller.ip) headers['x-forwarded-for'] = caller.ip;
  const response = await fetch(`${await origin}/${PROJECT_ID}/us-central1/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data }),
  });
  // A function that does not exist answers with a plain-text 404, not the callable protocol's JSON.
  const text = await response.text();
  let body: Omit<CallableAnswer<T>, 'status'>;
  try {
    body = JSON.parse(text) as Omit<CallableAnswer<T>, 'status'>;
  } catch {
    body = { error: { status: 'NOT_FOUND', message: text.slice(0, 200) } };
  }
  return { status: response.status, ...body };
}

/** The Auth emulator's REST API root (identitytoolkit), as a browser with the public API key reaches it. */
export function authRestUrl(method: string): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run these tests through `firebase emulators:exec`.',
    );
  return `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any-public-api-key`;
}

/** The claims of an ID token (its payload, unchecked: the tests' own token). */
export function tokenClaims(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * Records that the sign-in of `idToken` entered its admin's second factor (a
 * session that does not end), as the secondFactor function does after a right
 * code: what every admin does before using a power.
 */
export async function passSecondFactor(idToken: string): Promise<void> {
  const claims = tokenClaims(idToken);
  await adminDb()
    .collection('admin_second_factors')
    .doc(String(claims.user_id))
    .set({ enrolled: true, sessions: { [String(claims.auth_time)]: 8.64e15 } }, { merge: true });
}

/**
 * Signs in with email and password through the Auth REST API and returns the ID
 * token. An admin's sign-in also passes the second factor (passSecondFactor)
 * unless `secondFactor` is false, so the admin powers' tests need not repeat it.
 */
export async function signInForIdToken(
  email: string,
  password: string,
  options: { secondFactor?: boolean } = {},
): Promise<string> {
  const response = await fetch(authRestUrl('signInWithPassword'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body.error)}`);
  if (options.secondFactor !== false && tokenClaims(body.idToken).admin === true)
    await passSecondFactor(body.idToken);
  return body.idToken;
}
