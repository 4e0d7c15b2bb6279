import { useState, type FormEvent } from 'react';
import { setFlash } from '../lib/flash-toast.ts';
import { takeReturnPath } from '../lib/return-to.ts';
import { hintFor, writeHint } from '../lib/session-hint.ts';
import { showToast } from '../lib/toast.ts';
import PasswordInput from './PasswordInput.tsx';
import TextField from './TextField.tsx';
import { useHydrated } from './use-hydrated.ts';

interface Props {
  /** Email to start with (the one just used to sign up). */
  defaultEmail?: string;
}

/** Starts downloading what a login needs while the person is still typing. */
function warmUp(): void {
  void import('../data/client/auth.ts');
  void import('../lib/account-session.ts');
}

/** The Login tab: email and password; success goes home (or back to the page whose session ended) with 'Welcome back!'. */
export default function LoginForm({ defaultEmail = '' }: Props) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const { signIn } = await import('../data/client/auth.ts');
      const account = await signIn(email.trim(), password);
      const { hintForAccount } = await import('../lib/account-session.ts');
      // Signed in even if the profile cannot be read now: the next page's check fills the hint in.
      writeHint(await hintForAccount(account).catch(() => hintFor(account, null)));
      // Shown by the home page: the toast would not survive this navigation.
      setFlash({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      // Back to the page whose session ended (session-ended.ts), else home.
      location.assign(takeReturnPath());
    } catch (error) {
      showToast({
        title: 'Login Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <form name="login" onSubmit={submit} onFocus={warmUp}>
      <fieldset disabled={!hydrated} className="space-y-4">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordInput
          id="login-password"
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy} className="btn btn-primary w-full">
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </fieldset>
    </form>
  );
}
