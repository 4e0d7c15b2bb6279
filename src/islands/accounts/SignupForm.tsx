import { useEffect } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import type { SignupFormValues, SignupRequest } from '../../domain/accounts/signup.ts';
import {
  clearDraft,
  DRAFT_SAVE_DELAY_MS,
  isWorthSaving,
  loadDraft,
  saveDraft,
  SIGNUP_ROLES,
} from '../../lib/signup-draft.ts';
import { showToast } from '../../lib/toast.ts';
import { Field, PasswordField } from '../ui/fields.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

interface Props {
  /** Called with the new account's email once it was created. */
  onCreated: (email: string) => void;
}

const EMPTY: SignupFormValues = {
  email: '',
  password: '',
  confirmPassword: '',
  displayName: '',
  role: 'Book Author',
  agreedToTerms: false,
  agreedToPrivacy: false,
};

/** The sign-up checks, loaded with zod on the first submit (or focus) so the auth page ships neither up front. */
function loadChecks() {
  return Promise.all([import('@hookform/resolvers/zod'), import('../../domain/accounts/signup.ts')]);
}

/** Validates with signupFormSchema: at most one error, the first failing check in order; a pass is the signUp request. */
const resolver: Resolver<SignupFormValues, unknown, SignupRequest> = async (values, context, options) => {
  const [{ zodResolver }, { signupFormSchema }] = await loadChecks();
  return zodResolver(signupFormSchema)(values, context, options);
};

/** Starts downloading what a sign-up needs while the person is still typing. */
function warmUp(): void {
  void loadChecks();
  void import('../../data/client/accounts/sign-up.ts');
}

/** The Sign Up tab: the checks in order on submit, the draft, and the call to the signUp function. */
export default function SignupForm({ onCreated }: Props) {
  const form = useForm<SignupFormValues, unknown, SignupRequest>({
    resolver,
    defaultValues: EMPTY,
    // Checked on submit only, never while typing; a person fixes one thing at a time.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, clearErrors, setFocus, reset, subscribe, control } = form;
  const [agreedToTerms, agreedToPrivacy] = useWatch({ control, name: ['agreedToTerms', 'agreedToPrivacy'] });
  const displayNameError = formState.errors.displayName?.message;
  const hydrated = useHydrated();

  // The stored draft is looked at first; saving starts after, or an empty form would overwrite it.
  useEffect(() => {
    const draft = loadDraft();
    if (draft) {
      reset({ ...EMPTY, ...draft });
      showToast({ title: 'Draft Restored', description: 'Your signup information has been restored.' });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer);
        if (isWorthSaving(values)) timer = setTimeout(() => saveDraft(values), DRAFT_SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [reset, subscribe]);

  /** A failed check: the display name's under its field, the others as their toast. */
  async function refuse(errors: FieldErrors<SignupFormValues>) {
    if (errors.displayName) {
      setFocus('displayName');
      return;
    }
    const message = Object.values(errors)[0]?.message;
    if (!message) return;
    const { signupProblemTitle } = await import('../../domain/accounts/signup.ts');
    showToast({ title: signupProblemTitle(message), description: message, variant: 'destructive' });
  }

  async function create(request: SignupRequest) {
    const { signUp } = await import('../../data/client/accounts/sign-up.ts');
    const outcome = await signUp(request);
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
    reset(EMPTY);
    showToast({
      title: 'Account Created Successfully!',
      description: 'Please check your email to verify your account, then you can log in.',
    });
    onCreated(request.email);
  }

  return (
    <form name="signup" onSubmit={(event) => void handleSubmit(create, refuse)(event)} onFocus={warmUp}>
      <fieldset disabled={!hydrated} className="space-y-4">
        <Field
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...register('email')}
        />
        <PasswordField
          id="signup-password"
          label="Password"
          autoComplete="new-password"
          required
          aria-describedby="signup-password-hint"
          {...register('password')}
        />
        <p id="signup-password-hint" className="-mt-2 text-sm text-ink-muted">
          At least 6 characters.
        </p>
        <PasswordField
          id="signup-confirm-password"
          label="Confirm Password"
          autoComplete="new-password"
          required
          {...register('confirmPassword')}
        />
        <Field
          id="signup-display-name"
          label="Display Name"
          autoComplete="nickname"
          required
          error={displayNameError}
          {...register('displayName', { onChange: () => clearErrors('displayName') })}
        />

        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-ink">I am a…</legend>
          <div className="space-y-1">
            {SIGNUP_ROLES.map((option) => (
              <label key={option} className="flex items-center gap-2 text-ink">
                <input type="radio" value={option} {...register('role')} className="h-4 w-4 accent-accent" />
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
              {...register('agreedToTerms')}
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
              {...register('agreedToPrivacy')}
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

        {/* Disabled until both boxes are ticked, and while busy; the ordered checks still
            guard any submit that gets past it. */}
        <button
          type="submit"
          disabled={formState.isSubmitting || !agreedToTerms || !agreedToPrivacy}
          className="btn btn-primary w-full"
        >
          {formState.isSubmitting ? 'Creating Account…' : 'Create Account'}
        </button>
      </fieldset>
    </form>
  );
}
