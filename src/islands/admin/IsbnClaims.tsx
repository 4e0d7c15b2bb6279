/**
 * Book Management's ISBN claims (src/domain/admin/admin-isbn-claims.ts): an admin
 * enters an ISBN and sees the book that holds it (and other books still carrying
 * it, stored before the claims), then may move the ISBN to another book by its id,
 * after a confirmation: that book carries the ISBN from then on and the book
 * that held it loses it. Refusals show at their field; a move ends in a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ISBN_CLAIM_MESSAGES,
  isbnLookupFormSchema,
  isbnMoveFormSchema,
  type AdminIsbnClaimsResponse,
  type IsbnBook,
} from '../../domain/admin/admin-isbn-claims.ts';
import { formatIsbn } from '../../domain/books/isbn.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { Field, SubmitButton } from '../ui/fields.tsx';

function api() {
  return import('../../data/client/admin/admin-isbn-claims.ts');
}

/** Refusals whose message belongs under the field that was sent (a bad ISBN or id, no such book). */
const AT_THE_FIELD = new Set(['invalid-argument', 'not-found', 'failed-precondition']);

function BookLine({ book }: { book: IsbnBook }) {
  return (
    <>
      <a href={`/book/${encodeURIComponent(book.id)}`} className="text-accent underline">
        {book.title || '(untitled)'}
      </a>{' '}
      by {book.authorName || 'a member'} <span className="text-sm text-ink-muted">(id {book.id})</span>
    </>
  );
}

/** What the lookup found: the holder (or that the ISBN is free) and other books carrying it. */
function ClaimResult({ result }: { result: AdminIsbnClaimsResponse }) {
  return (
    <div className="space-y-2" data-isbn-claim={result.isbn}>
      <p>
        <span className="font-semibold">ISBN {formatIsbn(result.isbn)}:</span>{' '}
        {result.holder ? (
          <span data-isbn-holder={result.holder.id}>
            held by <BookLine book={result.holder} />
          </span>
        ) : (
          ISBN_CLAIM_MESSAGES.free
        )}
      </p>
      {result.others.length > 0 ? (
        <div>
          <p className="text-sm text-ink-muted">Other books still carrying it (stored before the claims):</p>
          <ul className="list-disc pl-6">
            {result.others.map((book) => (
              <li key={book.id} data-isbn-other={book.id}>
                <BookLine book={book} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Moves the looked-up ISBN to a book id, after a confirmation. */
function MoveForm({
  result,
  onMoved,
}: {
  result: AdminIsbnClaimsResponse;
  onMoved: (next: AdminIsbnClaimsResponse) => void;
}) {
  const [asked, setAsked] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof isbnMoveFormSchema>,
    unknown,
    z.output<typeof isbnMoveFormSchema>
  >({ resolver: zodResolver(isbnMoveFormSchema), defaultValues: { bookId: '' } });

  async function move(bookId: string): Promise<'close' | 'stay'> {
    const outcome = await (await api()).moveIsbnClaim(result.isbn, bookId);
    if (!outcome.ok) {
      if (AT_THE_FIELD.has(outcome.code) && outcome.message)
        setError('bookId', { message: outcome.message }, { shouldFocus: true });
      else
        showToast({
          title: 'Error',
          description: `${ISBN_CLAIM_MESSAGES.moveFailed} ${outcome.message}`.trim(),
          variant: 'destructive',
        });
      return 'close';
    }
    showToast({ title: 'Success', description: ISBN_CLAIM_MESSAGES.moved });
    reset({ bookId: '' });
    onMoved(outcome.data);
    return 'close';
  }

  return (
    <form
      noValidate
      aria-label="Move the ISBN to another book"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => void handleSubmit(({ bookId }) => setAsked(bookId))(event)}
    >
      <div className="w-72 max-w-full">
        <Field
          id="isbn-claim-book"
          label="Move it to the book with id"
          autoComplete="off"
          hint="The book gets this ISBN; the book holding it now loses it."
          error={formState.errors.bookId?.message}
          {...register('bookId')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={asked !== null}>
        Move ISBN
      </button>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title="Move this ISBN?"
        description={
          <>
            ISBN {formatIsbn(result.isbn)} will belong to the book {asked}
            {result.holder ? <>, and “{result.holder.title}” will no longer carry it</> : null}. The move is
            recorded in the audit log.
          </>
        }
        confirmLabel="Move ISBN"
        busyLabel="Moving…"
        onConfirm={async () => {
          const outcome = await move(asked ?? '');
          setAsked(null);
          return outcome;
        }}
      />
    </form>
  );
}

/** The section (see the file comment). */
export default function IsbnClaims() {
  const [result, setResult] = useState<AdminIsbnClaimsResponse | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof isbnLookupFormSchema>,
    unknown,
    z.output<typeof isbnLookupFormSchema>
  >({ resolver: zodResolver(isbnLookupFormSchema), defaultValues: { isbn: '' } });

  const lookUp = handleSubmit(async ({ isbn }) => {
    const outcome = await (await api()).lookUpIsbn(isbn);
    if (!outcome.ok) {
      setResult(null);
      if (AT_THE_FIELD.has(outcome.code) && outcome.message)
        setError('isbn', { message: outcome.message }, { shouldFocus: true });
      else
        showToast({ title: 'Error', description: ISBN_CLAIM_MESSAGES.lookupFailed, variant: 'destructive' });
      return;
    }
    setResult(outcome.data);
  });

  return (
    <section aria-labelledby="isbn-claims-heading" className="mt-8 space-y-4">
      <h2 id="isbn-claims-heading" className="text-xl font-bold">
        ISBN claims
      </h2>
      <p className="text-sm text-ink-muted">
        An ISBN belongs to one book on Shelfmark. Look one up to see which book holds it, and move it to the
        rightful book to settle a dispute.
      </p>
      <form
        noValidate
        aria-label="Look up an ISBN"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => void lookUp(event)}
      >
        <div className="w-72 max-w-full">
          <Field
            id="isbn-claim-isbn"
            label="ISBN"
            autoComplete="off"
            hint="An ISBN-10 or ISBN-13; hyphens and spaces are fine."
            error={formState.errors.isbn?.message}
            {...register('isbn')}
          />
        </div>
        <SubmitButton busy={formState.isSubmitting} busyLabel="Looking up…">
          Look up
        </SubmitButton>
      </form>
      {result ? (
        <>
          <ClaimResult result={result} />
          <MoveForm key={result.isbn} result={result} onMoved={setResult} />
        </>
      ) : null}
    </section>
  );
}
