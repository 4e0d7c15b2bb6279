import { useState } from 'react';
import { z } from 'zod';
import { CHECK_INBOX_DETAIL, CHECK_INBOX_MESSAGE, optInEmailSchema } from '../../domain/accounts/opt-in.ts';
import { OPT_IN_ENDPOINT, sendOptIn } from '../../lib/opt-in.ts';
import { Field, SubmitButton } from '../ui/fields.tsx';
import FormAlert from '../ui/FormAlert.tsx';
import { usePostedForm } from '../ui/use-posted-form.ts';

interface Props {
  /** The author to follow (profiles/{uid}). */
  authorUid: string;
  /** Prefix of the element ids, unique on the page. */
  idPrefix?: string;
}

const formSchema = z.object({ email: optInEmailSchema });

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
  const { register, formState, onSubmit } = usePostedForm(formSchema, { email: '' }, async (values) => {
    setFailure(null);
    const answer = await sendOptIn({ email: values.email, purpose: { kind: 'follow', authorUid } });
    if (answer.ok) setSent(true);
    else setFailure(answer.message);
  });

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
      onSubmit={onSubmit}
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
