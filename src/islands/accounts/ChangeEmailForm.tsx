import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changeEmailFormSchema, type ChangeEmailForm as Values } from '../../domain/accounts/account.ts';
import { showToast } from '../../lib/toast.ts';
import { Field, PasswordField, SubmitButton } from '../ui/fields.tsx';

/**
 * Change email: the new address and the current password. A confirmation goes
 * to the new address; nothing changes until it is followed.
 */
export default function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(changeEmailFormSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });

  async function submit(values: Values) {
    const { requestEmailChange } = await import('../../data/client/accounts/account.ts');
    const result = await requestEmailChange(values.currentPassword, values.newEmail);
    if (result.ok) {
      setSentTo(values.newEmail);
      reset({ newEmail: '', currentPassword: '' });
      showToast({
        title: 'Confirmation Sent',
        description: `We sent a link to ${values.newEmail}. Your email changes once you follow it.`,
      });
      return;
    }
    if (result.field)
      setError(result.field === 'password' ? 'currentPassword' : result.field, { message: result.message });
    showToast({ title: 'Email Not Changed', description: result.message, variant: 'destructive' });
  }

  return (
    <form name="change-email" onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <h3 className="font-semibold">Change email</h3>
      <input type="email" name="username" autoComplete="username" value={currentEmail} hidden readOnly />
      <Field
        id="ce-email"
        label="New email address"
        type="email"
        autoComplete="email"
        error={formState.errors.newEmail?.message}
        {...register('newEmail')}
      />
      <PasswordField
        id="ce-password"
        label="Current password"
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel="Sending…">
        Send confirmation
      </SubmitButton>
      {sentTo ? (
        <p role="status" className="text-sm">
          A confirmation link was sent to {sentTo}. Your email changes once you follow it; we will tell{' '}
          {currentEmail} when it does.
        </p>
      ) : null}
    </form>
  );
}
