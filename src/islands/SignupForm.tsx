import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserCategory } from '../domain/profile.ts';
import {
  clearDraft,
  DRAFT_SAVE_DELAY_MS,
  isWorthSaving,
  loadDraft,
  saveDraft,
  SIGNUP_ROLES,
} from '../lib/signup-draft.ts';
import { showToast } from '../lib/toast.ts';
import PasswordInput from './PasswordInput.tsx';
import TextField from './TextField.tsx';
import { useHydrated } from './use-hydrated.ts';

interface Props {
  /** Called with the new account's email once it was created. */
  onCreated: (email: string) => void;
}

/** Everything the form holds. */
interface Fields {
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
  role: UserCategory;
  agreedToTerms: boolean;
  agreedToPrivacy: boolean;
}

const EMPTY: Fields = {
  email: '',
  password: '',
  confirmPassword: '',
  displayName: '',
  role: 'Book Author',
  agreedToTerms: false,
  agreedToPrivacy: false,
};

/** Starts downloading what a sign-up needs while the person is still typing. */
function warmUp(): void {
  void import('../domain/signup.ts');
  void import('../data/client/sign-up.ts');
}

/** The Sign Up tab: the spec's four checks, the draft, and the call to the signUp function. */
export default function SignupForm({ onCreated }: Props) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [busy, setBusy] = useState(false);
  // Why the display name was refused, shown under the field until it is edited.
  const [displayNameError, setDisplayNameError] = useState<string | null>(null);
  const hydrated = useHydrated();
  // Saving starts only after the stored draft was looked at, or an empty form would overwrite it.
  const draftChecked = useRef(false);
  const { email, password, confirmPassword, displayName, role, agreedToTerms, agreedToPrivacy } = fields;
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  useEffect(() => {
    const draft = loadDraft();
    draftChecked.current = true;
    if (!draft) return;
    // localStorage exists only after hydration, so the restore cannot be the initial state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFields((current) => ({ ...current, ...draft }));
    showToast({ title: 'Draft Restored', description: 'Your signup information has been restored.' });
  }, []);

  useEffect(() => {
    if (!draftChecked.current || !isWorthSaving(fields)) return;
    const timer = setTimeout(() => saveDraft(fields), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fields]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { displayNameProblem, signupProblem, signupRequestSchema } = await import('../domain/signup.ts');
    const problem = signupProblem({ password, confirmPassword, agreedToTerms, agreedToPrivacy });
    if (problem) {
      showToast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    const nameProblem = displayNameProblem(displayName.trim());
    if (nameProblem) {
      setDisplayNameError(nameProblem);
      document.getElementById('signup-display-name')?.focus();
      return;
    }
    const request = signupRequestSchema.safeParse({
      email,
      password,
      display_name: displayName,
      category: role,
    });
    if (!request.success) {
      showToast({
        title: 'Signup Failed',
        description: request.error.issues[0]?.message,
        variant: 'destructive',
      });
      return;
    }

    setBusy(true);
    const { signUp } = await import('../data/client/sign-up.ts');
    const outcome = await signUp(request.data);
    setBusy(false);
    if (!outcome.ok) {
      if (outcome.code === 'already-exists' || outcome.message.includes('already registered')) {
        showToast({
          title: 'Account Already Exists',
          description: 'An account with this email already exists. Please try logging in instead.',
          variant: 'destructive',
        });
      } else if (outcome.code === 'resource-exhausted') {
        showToast({ title: 'Too Many Attempts', description: outcome.message, variant: 'destructive' });
      } else {
        showToast({ title: 'Signup Failed', description: outcome.message, variant: 'destructive' });
      }
      return;
    }

    clearDraft();
    setFields(EMPTY);
    showToast({
      title: 'Account Created Successfully!',
      description: 'Please check your email to verify your account, then you can log in.',
    });
    onCreated(request.data.email);
  }

  return (
    <form name="signup" onSubmit={submit} onFocus={warmUp}>
      <fieldset disabled={!hydrated} className="space-y-4">
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => set('email', e.target.value)}
        />
        <PasswordInput
          id="signup-password"
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          aria-describedby="signup-password-hint"
          value={password}
          onChange={(e) => set('password', e.target.value)}
        />
        <p id="signup-password-hint" className="-mt-2 text-sm text-ink-muted">
          At least 6 characters.
        </p>
        <PasswordInput
          id="signup-confirm-password"
          label="Confirm Password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
        <TextField
          id="signup-display-name"
          label="Display Name"
          name="display-name"
          autoComplete="nickname"
          required
          aria-invalid={displayNameError !== null}
          aria-describedby={displayNameError !== null ? 'signup-display-name-error' : undefined}
          value={displayName}
          onChange={(e) => {
            setDisplayNameError(null);
            set('displayName', e.target.value);
          }}
        />
        {displayNameError !== null && (
          <p id="signup-display-name-error" role="alert" className="-mt-2 text-sm text-accent-dark">
            {displayNameError}
          </p>
        )}

        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-ink">I am a…</legend>
          <div className="space-y-1">
            {SIGNUP_ROLES.map((option) => (
              <label key={option} className="flex items-center gap-2 text-ink">
                <input
                  type="radio"
                  name="role"
                  value={option}
                  checked={role === option}
                  onChange={() => set('role', option)}
                  className="h-4 w-4 accent-accent"
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="space-y-2">
          <div className="flex items-start gap-2">
            <input
              id="signup-terms"
              type="checkbox"
              checked={agreedToTerms}
              onChange={(e) => set('agreedToTerms', e.target.checked)}
              className="mt-1 h-4 w-4 accent-accent"
            />
            <label htmlFor="signup-terms" className="text-sm text-ink">
              I agree to the{' '}
              <a href="/terms" className="text-accent underline">
                Terms and Conditions
              </a>
            </label>
          </div>
          <div className="flex items-start gap-2">
            <input
              id="signup-privacy"
              type="checkbox"
              checked={agreedToPrivacy}
              onChange={(e) => set('agreedToPrivacy', e.target.checked)}
              className="mt-1 h-4 w-4 accent-accent"
            />
            <label htmlFor="signup-privacy" className="text-sm text-ink">
              I agree to the{' '}
              <a href="/privacy" className="text-accent underline">
                Privacy Policy
              </a>
            </label>
          </div>
        </div>

        <button
          type="submit"
          disabled={busy || !agreedToTerms || !agreedToPrivacy}
          className="btn btn-primary w-full"
        >
          {busy ? 'Creating Account…' : 'Create Account'}
        </button>
      </fieldset>
    </form>
  );
}
