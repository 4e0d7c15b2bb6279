/**
 * Book Management's librarians (src/domain/admin/catalogue-curation.ts): an admin makes
 * a member a librarian by uid or sign-in address, sees who is one, and un-makes one
 * after a confirmation. Each change is audited by adminLibrarians.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  librarianFormSchema,
  type AdminLibrariansResponse,
  type LibrarianEntry,
} from '../../domain/admin/catalogue-curation.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { Field, SubmitButton } from '../ui/fields.tsx';
import { failureToast } from '../ui/failure-toast.ts';

function api() {
  return import('../../data/client/admin/catalogue-curation.ts');
}

/** The section (see the file comment). */
export default function Librarians() {
  const [list, setList] = useState<LibrarianEntry[] | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof librarianFormSchema>,
    unknown,
    z.output<typeof librarianFormSchema>
  >({ resolver: zodResolver(librarianFormSchema), defaultValues: { member: '' } });

  useEffect(() => {
    void api()
      .then(({ listLibrarians }) => listLibrarians())
      // An answer to a make or remove that came first is newer: the first load only fills an empty list.
      .then((outcome) => setList((current) => current ?? (outcome.ok ? outcome.data.librarians : [])));
  }, []);

  function shown(outcome: { ok: true; data: AdminLibrariansResponse }) {
    setList(outcome.data.librarians);
  }

  const make = handleSubmit(async ({ member }) => {
    const outcome = await (await api()).setLibrarian(member, true);
    if (!outcome.ok) {
      if (outcome.code === 'not-found' || outcome.code === 'invalid-argument')
        setError('member', { message: outcome.message }, { shouldFocus: true });
      else showToast(failureToast('Failed to make a librarian.', outcome));
      return;
    }
    shown(outcome);
    reset({ member: '' });
    showToast({ title: 'Success', description: 'The member is now a librarian.' });
  });

  return (
    <section aria-labelledby="librarians-heading" className="mt-8 space-y-4">
      <h2 id="librarians-heading" className="text-xl font-bold">
        Librarians
      </h2>
      <p className="text-sm text-ink-muted">
        Librarians edit catalogue books, review hand-added ones, merge duplicates and split editions (at{' '}
        <a className="text-accent underline" href="/librarian">
          /librarian
        </a>{' '}
        and on each catalogue book’s page).
      </p>
      <form
        noValidate
        aria-label="Make a librarian"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => void make(event)}
      >
        <div className="w-72 max-w-full">
          <Field
            id="librarian-member"
            label="Member’s email or uid"
            autoComplete="off"
            error={formState.errors.member?.message}
            {...register('member')}
          />
        </div>
        <SubmitButton busy={formState.isSubmitting} busyLabel="Saving…">
          Make librarian
        </SubmitButton>
      </form>
      {list === null ? (
        <p role="status">Loading the librarians…</p>
      ) : list.length === 0 ? (
        <p className="text-ink-muted">No librarians yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded border border-line bg-white" aria-label="Librarians">
          {list.map((entry) => (
            <li key={entry.uid} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span>
                {entry.displayName} <span className="text-sm text-ink-muted">{entry.email ?? entry.uid}</span>
              </span>
              <ConfirmDialog
                trigger={`Remove librarian ${entry.displayName}`}
                title="Remove this librarian?"
                description={`${entry.displayName} will no longer edit, merge or split catalogue books.`}
                confirmLabel="Remove librarian"
                busyLabel="Removing…"
                onConfirm={async () => {
                  const outcome = await (await api()).setLibrarian(entry.uid, false);
                  if (outcome.ok) shown(outcome);
                  else showToast(failureToast('Failed to remove the librarian.', outcome));
                  return 'close' as const;
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
