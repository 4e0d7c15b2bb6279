import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  newPasswordFormSchema,
  RESET_LINK_INVALID_MESSAGE,
  sameOriginUrl,
  type NewPasswordForm,
} from '../../domain/accounts/account.ts';
import { showToast } from '../../lib/toast.ts';
import ForgotPasswordForm from './ForgotPasswordForm.tsx';
import LinkRefused from './LinkRefused.tsx';
import { PasswordField, SubmitButton } from '../ui/fields.tsx';

type State =
  | { step: 'checking' }
  | { step: 'invalid'; message: string }
  | { step: 'form'; email: string }
  | { step: 'done'; email: string };

/** The reset link's code and where to go afterwards (only a page of this site), read from the address bar. */
function linkParams(): { code: string | null; next: string } {
  const params = new URLSearchParams(location.search);
  return {
    code: params.get('oobCode'),
    next: sameOriginUrl(params.get('continueUrl'), location.origin) ?? '/auth',
  };
}

/**
 * /auth/reset: checks the link's one-time code, then sets a new password (the
 * sign-up minimum, typed twice). An expired, used or malformed link says so and
 * offers to send a new one.
 */
export default function ResetPassword() {
  const [state, setState] = useState<State>({ step: 'checking' });
  const [next, setNext] = useState('/auth');
  const { register, handleSubmit, formState, setError } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    const { code, next: after } = linkParams();
    void (async () => {
      setNext(after);
      if (!code) {
        setState({ step: 'invalid', message: RESET_LINK_INVALID_MESSAGE });
        return;
      }
      const { checkResetCode } = await import('../../data/client/accounts/account.ts');
      const checked = await checkResetCode(code);
      setState(
        checked.ok ? { step: 'form', email: checked.email } : { step: 'invalid', message: checked.message },
      );
    })().catch(() =>
      setState({
        step: 'invalid',
        message: 'Could not check the link. Check your connection and reload the page.',
      }),
    );
  }, []);

  async function submit(values: NewPasswordForm) {
    const code = linkParams().code ?? '';
    const { resetPassword } = await import('../../data/client/accounts/account.ts');
    const result = await resetPassword(code, values.password);
    if (result.ok) {
      if (state.step === 'form') setState({ step: 'done', email: state.email });
      showToast({ title: 'Password Updated', description: 'You can now log in with your new password.' });
    } else if (result.field === 'password') {
      setError('password', { message: result.message });
    } else {
      setState({ step: 'invalid', message: result.message });
    }
  }

  if (state.step === 'checking') {
    return <p role="status">Checking your link…</p>;
  }
  if (state.step === 'invalid') {
    return (
      <LinkRefused message={state.message}>
        <h2 className="text-xl font-bold">Ask for a new link</h2>
        <ForgotPasswordForm idPrefix="reset-again" />
      </LinkRefused>
    );
  }
  if (state.step === 'done') {
    return (
      <div className="space-y-4">
        <p role="status">Your password has been changed. Log in with your new password.</p>
        <a href={next} className="btn btn-primary">
          Go to login
        </a>
      </div>
    );
  }
  return (
    <form name="reset-password" onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <p>
        Choose a new password for <strong>{state.email}</strong>.
      </p>
      <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm new password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={formState.isSubmitting} wide>
        Set new password
      </SubmitButton>
    </form>
  );
}
