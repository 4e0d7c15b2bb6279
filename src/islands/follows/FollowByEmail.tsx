import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CHECK_INBOX_DETAIL, CHECK_INBOX_MESSAGE, optInEmailSchema } from '../../domain/accounts/opt-in.ts';
import { OPT_IN_ENDPOINT, sendOptIn } from '../../lib/opt-in.ts';
import { Field, SubmitButton } from '../ui/fields.tsx';
import FormAlert from '../ui/FormAlert.tsx';

interface Props {
  /** The author to follow (profiles/{uid}). */
  authorUid: string;
  /** Prefix of the element ids, unique on the page. */
  idPrefix?: string;
}

const formSchema = z.object({ email: optInEmailSchema });
type Values = z.input<typeof formSchema>;

/**
 * A visitor follows an author by email: one field and a button. The server
 * mails a confirmation link (double opt-in) and always answers "Check your
 * inbox", so the form never tells whether the address already follows. A real
 * form posting to /api/opt-in: without JavaScript it still works (the server
 * answers with its result page).
 */
export default function FollowByEmail({ authorUid, idPrefix = 'follow-email' }: Props) {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm<
    Values,
    unknown,
    z.output<typeof formSchema>
  >({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '' },
  });

  async function submit(values: z.output<typeof formSchema>) {
    setFailure(null);
    const answer = await sendOptIn({ email: values.email, purpose: { kind: 'follow', authorUid } });
    if (answer.ok) setSent(true);
    else setFailure(answer.message);
  }

  if (sent)
    return (
      <div role="status" className="rounded-md border border-line bg-paper p-3 text-sm">
        <p className="font-semibold">{CHECK_INBOX_MESSAGE}</p>
        <p>{CHECK_INBOX_DETAIL}</p>
      </div>
    );

  return (
    <form
      name="follow-by-email"
      method="post"
      action={OPT_IN_ENDPOINT}
      onSubmit={(event) => {
        // The form hydrates when a visitor first focuses it: what they typed (or the
        // browser filled in) before that never reached the form's state, so take it
        // from the field itself.
        const field = event.currentTarget.elements.namedItem('email');
        if (field instanceof HTMLInputElement) setValue('email', field.value);
        return handleSubmit(submit)(event);
      }}
      noValidate
      className="space-y-3"
    >
      <input type="hidden" name="kind" value="follow" />
      <input type="hidden" name="authorUid" value={authorUid} />
      <Field
        id={`${idPrefix}-email`}
        label="Get an email when this author publishes a new book"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <SubmitButton busy={formState.isSubmitting} busyLabel="Sending…">
        Follow by email
      </SubmitButton>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
