// ID tokens for API tests, from the Auth emulator's REST sign-in: what the web SDK
// gets when a member logs in, without driving the login form.
import { AUTH_EMULATOR_HOST } from './emulators';

/** A fresh ID token for an account with an email and password. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-shelfmark-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`Could not sign in ${email}: ${body.error?.message ?? response.status}`);
  return body.idToken;
}
