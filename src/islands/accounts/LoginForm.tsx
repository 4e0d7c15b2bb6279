import { useForm } from 'react-hook-form';
import { setFlash } from '../../lib/flash-toast.ts';
import { returnPathFromQuery, takeReturnPath } from '../../lib/return-to.ts';
import { hintFor, writeHint } from '../../lib/session-hint.ts';
import { showToast } from '../../lib/toast.ts';
import { Field, PasswordField, SubmitButton } from '../ui/fields.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

interface Props {
  /** Email to start with (the one just used to sign up). */
  defaultEmail?: string;
}

/** What the login form holds; both are required (the browser says so before anything is sent). */
interface LoginValues {
  email: string;
  password: string;
}

/** Starts downloading what a login needs while the person is still typing. */
function warmUp(): void {
  void import('../../data/client/shared/auth.ts');
  void import('../../lib/account-session.ts');
}

/** The Login tab: email and password; success goes home (or back to the page whose session ended) with 'Welcome back!'. */
export default function LoginForm({ defaultEmail = '' }: Props) {
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    defaultValues: { email: defaultEmail, password: '' },
  });
  const hydrated = useHydrated();

  async function logIn({ email, password }: LoginValues) {
    try {
      const { signIn } = await import('../../data/client/shared/auth.ts');
      const account = await signIn(email.trim(), password);
      const { hintForAccount } = await import('../../lib/account-session.ts');
      // Signed in even if the profile cannot be read now: the next page's check fills the hint in.
      writeHint(await hintForAccount(account).catch(() => hintFor(account, null)));
      // Shown by the home page: the toast would not survive this navigation.
      setFlash({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      // Back to the page whose session ended (session-ended.ts), else the page the link named (?return=), else home.
      location.assign(takeReturnPath(returnPathFromQuery() ?? '/'));
    } catch (error) {
      showToast({
        title: 'Login Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
      return;
    }
    // Stay busy until the next page replaces this one, so Login cannot be pressed twice.
    await new Promise<never>(() => {});
  }

  return (
    <form name="login" onSubmit={(event) => void handleSubmit(logIn)(event)} onFocus={warmUp}>
      <fieldset disabled={!hydrated} className="space-y-4">
        <Field
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...register('email')}
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          required
          {...register('password')}
        />
        <SubmitButton busy={formState.isSubmitting} busyLabel="Logging in…" wide>
          Login
        </SubmitButton>
      </fieldset>
    </form>
  );
}
