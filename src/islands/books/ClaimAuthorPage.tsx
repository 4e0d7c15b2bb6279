/**
 * "Claim this author page" on /authors/{slug} (src/domain/books/author-claim.ts),
 * mounted after the paint when the session hint names a member
 * (mount-claim-author-page.tsx). It asks authorClaim for the member's standing and
 * shows, by it: nothing (a reader, or a page someone else claimed), the button and
 * its dialog (a note for the admin), "waiting for an admin", "yours", or the
 * reason a claim was not approved with the button to try again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  AUTHOR_CLAIM_MESSAGES,
  authorClaimFormSchema,
  type AuthorClaimStatusResponse,
} from '../../domain/books/author-claim.ts';
import Dialog, { DialogClose } from '../ui/Dialog.tsx';
import { AreaField, SubmitButton } from '../ui/fields.tsx';

function api() {
  return import('../../data/client/books/author-claims.ts');
}

interface Props {
  /** The page's slug. */
  slug: string;
  /** The author's name as the page shows it. */
  authorName: string;
}

/** The dialog's form: a note, then the claim is sent. */
function ClaimForm({ slug, onSent }: { slug: string; onSent: (status: AuthorClaimStatusResponse) => void }) {
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof authorClaimFormSchema>,
    unknown,
    z.output<typeof authorClaimFormSchema>
  >({ resolver: zodResolver(authorClaimFormSchema), defaultValues: { message: '' } });
  const send = handleSubmit(async ({ message }) => {
    const outcome = await (await api()).requestAuthorClaim(slug, message);
    // A refusal keeps the note in the field, with the reason under it.
    if (!outcome.ok) setError('message', { message: outcome.message || AUTHOR_CLAIM_MESSAGES.failed });
    else onSent(outcome.data);
  });
  return (
    <form
      noValidate
      aria-label="Claim this author page"
      onSubmit={(event) => void send(event)}
      className="space-y-4"
    >
      <AreaField
        id="author-claim-message"
        label="A note for the admin (optional)"
        hint="How can we tell it is you? Your website, your publisher, a link to your books."
        rows={4}
        alertError
        error={formState.errors.message?.message}
        {...register('message')}
      />
      <div className="flex justify-end gap-3">
        <DialogClose className="btn btn-outline">Cancel</DialogClose>
        <SubmitButton busy={formState.isSubmitting} busyLabel="Sending…">
          Send claim
        </SubmitButton>
      </div>
    </form>
  );
}

/** The member's part of the author page (see the file comment). */
export default function ClaimAuthorPage({ slug, authorName }: Props) {
  const [status, setStatus] = useState<AuthorClaimStatusResponse | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void (async () => {
      const outcome = await (await api()).authorClaimStatus(slug).catch(() => null);
      if (outcome?.ok) setStatus(outcome.data);
    })();
  }, [slug]);

  if (!status) return null;
  const claim = status.claim;
  if (claim?.status === 'approved')
    return (
      <p className="text-sm text-ink-muted" data-author-claim="approved">
        This author page is yours.
      </p>
    );
  if (claim?.status === 'pending')
    return (
      <p className="text-sm text-ink-muted" data-author-claim="pending">
        {AUTHOR_CLAIM_MESSAGES.pending}
      </p>
    );
  if (!status.eligible || status.claimed) return null;
  return (
    <div className="space-y-2" data-author-claim={claim?.status ?? 'none'}>
      {claim?.status === 'rejected' ? (
        <p role="status" className="text-sm text-ink-muted">
          {AUTHOR_CLAIM_MESSAGES.rejected} {claim.reason}
        </p>
      ) : null}
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Claim this author page
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Claim ${authorName}’s page`}
        description="An admin checks each claim. Once it is approved, these books show on your profile and you can add purchase links to them."
      >
        <ClaimForm
          slug={slug}
          onSent={(next) => {
            setOpen(false);
            setStatus(next);
          }}
        />
      </Dialog>
    </div>
  );
}
