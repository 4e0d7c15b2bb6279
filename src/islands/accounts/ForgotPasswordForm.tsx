import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  forgotPasswordFormSchema,
  RESET_REQUESTED_MESSAGE,
  type ForgotPasswordForm as Values,
} from '../../domain/accounts/account.ts';
import { showToast } from '../../lib/toast.ts';
import { Field, SubmitButton } from '../ui/fields.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

interface Props {
  /** The address to start with (what the login form holds). */
  defaultEmail?: string;
  /** Prefix of the element ids, unique on the page. */
  idPrefix?: string;
}

/**
 * Forgot password: asks the server to mail a reset link and shows the same
 * answer whatever the address, so the form never tells who has an account.
 */
export default function ForgotPasswordForm({ defaultEmail = '', idPrefix = 'forgot' }: Props) {
  const [sent, setSent] = useState(false);
  const hydrated = useHydrated();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: defaultEmail },
  });

  async function submit(values: Values) {
    const { requestPasswordReset } = await import('../../data/client/accounts/account.ts');
    const outcome = await requestPasswordReset(values.email);
    if (!outcome.ok) {
      showToast({ title: 'Reset Link Not Sent', description: outcome.message, variant: 'destructive' });
      return;
    }
    setSent(true);
    showToast({ title: 'Check Your Email', description: RESET_REQUESTED_MESSAGE });
  }

  return (
    <form name="forgot-password" onSubmit={handleSubmit(submit)} noValidate>
      <fieldset disabled={!hydrated} className="space-y-4">
        <p className="text-sm text-ink-muted">
          Enter your email and we will send you a link to choose a new password.
        </p>
        <Field
          id={`${idPrefix}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={formState.isSubmitting} busyLabel="Sending…" wide>
          Send reset link
        </SubmitButton>
        {sent ? (
          <p role="status" className="rounded-md border border-line bg-paper p-3 text-sm">
            {RESET_REQUESTED_MESSAGE}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
