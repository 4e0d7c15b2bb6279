import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  secondFactorCodeFormSchema,
  type SecondFactorCodeForm as Values,
} from '../../domain/accounts/second-factor.ts';
import { Field, SubmitButton } from '../ui/fields.tsx';

interface Props {
  /** The form's name (for tests and the browser's form history). */
  name: string;
  /** The input's id. */
  id: string;
  /** The field's label. */
  label?: string;
  /** Under the field. */
  hint?: string;
  /** The button's label. */
  submitLabel: string;
  /** Sends the code; answers the message to show under the field when it was refused. */
  onCode: (code: string) => Promise<string | null>;
}

/** One code from the authenticator app (or a recovery code), with the server's refusal shown inline. */
export default function SecondFactorCodeForm({
  name,
  id,
  label = 'Authenticator code',
  hint,
  submitLabel,
  onCode,
}: Props) {
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(secondFactorCodeFormSchema),
    defaultValues: { code: '' },
  });

  async function submit(values: Values) {
    const refused = await onCode(values.code);
    if (refused) setError('code', { message: refused });
    else reset({ code: '' });
  }

  return (
    <form name={name} onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <Field
        id={id}
        label={label}
        hint={hint}
        autoComplete="one-time-code"
        inputMode="text"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel="Checking…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
