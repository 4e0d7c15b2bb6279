/**
 * The owner's form to post an update to their followers, on their profile page:
 * a title, the text in light markup and, when they have books, the one it is
 * about. A refusal is told in a toast; a refusal the member can act on (their
 * plan's limit, which the server's message names, or a field the server refused)
 * also stays under the form. A post hands the new update to `onPosted`, which
 * shows it (the page reloads).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  UPDATE_BODY_MAX,
  UPDATE_MESSAGES,
  authorUpdateFormSchema,
  type AuthorUpdateForm as UpdateValues,
  type AuthorUpdateFormInput,
  type PostAuthorUpdateResponse,
} from '../../domain/updates/author-update.ts';
import type { UpdateBookChoice } from '../../data/client/updates/author-updates.ts';
import { showToast } from '../../lib/toast.ts';
import { SelectInput, SubmitButton, TextArea, TextInput } from '../ui/fields.tsx';
import FormAlert from '../ui/FormAlert.tsx';
import { submitValid } from '../ui/submit-valid.ts';

/** Refusals whose server message tells the member what to do: the plan's limit, a refused field or book. */
const TELLING_CODES = new Set(['resource-exhausted', 'invalid-argument', 'permission-denied']);

interface Props {
  /** The owner's books an update may be about; the choice is left out when there are none. */
  books: readonly UpdateBookChoice[];
  /** Called with the posted update. */
  onPosted: (posted: PostAuthorUpdateResponse) => void;
}

const EMPTY: AuthorUpdateFormInput = { title: '', body: '', book_id: '' };

/** The post-an-update form (see the file comment). */
export default function AuthorUpdateForm({ books, onPosted }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<AuthorUpdateFormInput, unknown, UpdateValues>({
    resolver: zodResolver(authorUpdateFormSchema),
    defaultValues: EMPTY,
  });

  async function post(values: UpdateValues) {
    setRefusal(null);
    const { postAuthorUpdate } = await import('../../data/client/updates/author-updates.ts');
    const outcome = await postAuthorUpdate(values);
    if (!outcome.ok) {
      const reason = TELLING_CODES.has(outcome.code) && outcome.message ? outcome.message : null;
      setRefusal(reason);
      showToast({
        title: 'Error',
        description: reason ? `${UPDATE_MESSAGES.postFailed} ${reason}` : UPDATE_MESSAGES.postFailed,
        variant: 'destructive',
      });
      return;
    }
    onPosted(outcome.data);
  }

  const bookOptions = [
    { value: '', label: 'No book' },
    ...books.map((book) => ({ value: book.id, label: book.title })),
  ];

  return (
    <FormProvider {...form}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={submitValid(form, post)}
        aria-labelledby="author-update-form-heading"
        data-author-update-form
      >
        <h3 id="author-update-form-heading" className="font-serif text-lg font-bold text-ink">
          Post an update to your followers
        </h3>
        <p className="text-sm text-ink-muted">
          It appears first in the Updates section of your profile and in your profile’s RSS feed. Followers
          who chose instant emails get it by email about an hour after you post it (delete it before then and
          nobody is emailed); the others get it in their weekly digest.
        </p>
        <TextInput name="title" label="Title" idPrefix="author-update" markRequired />
        <TextArea
          name="body"
          label="Your update"
          idPrefix="author-update"
          rows={5}
          maxLength={UPDATE_BODY_MAX}
          markRequired
          hint="Plain text; a blank line starts a paragraph, **bold** for emphasis, a line starting **Label:** makes a list. No links or HTML."
        />
        {books.length > 0 && (
          <SelectInput
            name="book_id"
            label="About one of your books (optional)"
            idPrefix="author-update"
            options={bookOptions}
          />
        )}
        <FormAlert id="author-update-refusal">{refusal}</FormAlert>
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Posting…">
          Post update
        </SubmitButton>
      </form>
    </FormProvider>
  );
}
