import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  changePasswordFormSchema,
  type ChangePasswordForm as Values,
} from '../../domain/accounts/account.ts';
import { showToast } from '../../lib/toast.ts';
import { PasswordField, SubmitButton } from '../ui/fields.tsx';

const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };

/** Change password: the current one first, then the new one twice. Other devices are signed out by the change. */
export default function ChangePasswordForm() {
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  async function submit(values: Values) {
    const { changePassword } = await import('../../data/client/accounts/account.ts');
    const result = await changePassword(values.currentPassword, values.password);
    if (result.ok) {
      reset(EMPTY);
      showToast({
        title: 'Password Changed',
        description: 'Your password has been changed. Other devices will need to log in again.',
      });
      return;
    }
    if (result.field)
      setError(result.field === 'newEmail' ? 'password' : result.field, { message: result.message });
    showToast({ title: 'Password Not Changed', description: result.message, variant: 'destructive' });
  }

  return (
    <form name="change-password" onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <PasswordField
        id="cp-current"
        label="Current password"
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        id="cp-new"
        label="New password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id="cp-confirm"
        label="Confirm new password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}
