// ID tokens for API tests, from the Auth emulator's REST sign-in: what the web SDK
// gets when a member logs in, without driving the login form.
import { AUTH_EMULATOR_HOST } from './emulators';

/** What the Auth emulator's password sign-in answers: the tokens the web SDK keeps. */
export interface PasswordSession {
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token lasts. */
  expiresIn: string;
}

/** A fresh ID token for an account with an email and password. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  return (await passwordSession(email, password)).idToken;
}

/** Signs in with an email and password as the web SDK does, and returns its tokens. */
export async function passwordSession(email: string, password: string): Promise<PasswordSession> {
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-shelfmark-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as Partial<PasswordSession> & { error?: { message: string } };
  if (!body.idToken || !body.refreshToken || !body.expiresIn)
    throw new Error(`Could not sign in ${email}: ${body.error?.message ?? response.status}`);
  return { idToken: body.idToken, refreshToken: body.refreshToken, expiresIn: body.expiresIn };
}
