/**
 * Book Management's author claims (src/domain/books/author-claim.ts): the pending
 * claims of catalogue author pages, oldest first, each with the member, the page
 * and their note. Approve (after a confirmation) gives the member the page and
 * its books; Reject asks for the reason the member will see. Both write an audit
 * entry (adminAuthorClaims) and end in a toast; the queue is what the function
 * answers after the decision.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { rejectClaimFormSchema, type PendingAuthorClaim } from '../../domain/books/author-claim.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog, { type ConfirmOutcome } from '../ui/ConfirmDialog.tsx';
import Dialog, { DialogClose } from '../ui/Dialog.tsx';
import { AreaField, SubmitButton } from '../ui/fields.tsx';

function api() {
  return import('../../data/client/books/author-claims.ts');
}

type Queue =
  | { step: 'loading' }
  | { step: 'failed'; message: string }
  | { step: 'ready'; pending: PendingAuthorClaim[] };

/** The reason dialog of one claim. */
function RejectDialog({
  claim,
  onClose,
  onDone,
}: {
  claim: PendingAuthorClaim;
  onClose: () => void;
  onDone: (pending: PendingAuthorClaim[]) => void;
}) {
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof rejectClaimFormSchema>,
    unknown,
    z.output<typeof rejectClaimFormSchema>
  >({ resolver: zodResolver(rejectClaimFormSchema), defaultValues: { reason: '' } });
  const reject = handleSubmit(async ({ reason }) => {
    const outcome = await (await api()).rejectAuthorClaim(claim.id, reason);
    if (!outcome.ok) {
      setError('reason', { message: outcome.message || 'The claim could not be rejected.' });
      return;
    }
    showToast({
      title: 'Claim rejected',
      description: `${claim.memberName || 'The member'} will see your reason.`,
    });
    onDone(outcome.data.pending);
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Reject the claim of ${claim.authorName}’s page`}
      description="The member sees this reason on the author page and may claim again."
    >
      <form
        noValidate
        aria-label="Reject the claim"
        className="space-y-4"
        onSubmit={(event) => void reject(event)}
      >
        <AreaField
          id="author-claim-reason"
          label="Reason"
          rows={3}
          alertError
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex justify-end gap-3">
          <DialogClose className="btn btn-outline">Cancel</DialogClose>
          <SubmitButton busy={formState.isSubmitting} busyLabel="Rejecting…">
            Reject claim
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** One pending claim with its two decisions. */
function ClaimRow({
  claim,
  onDone,
}: {
  claim: PendingAuthorClaim;
  onDone: (pending: PendingAuthorClaim[]) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  return (
    <li className="space-y-2 rounded-md border border-line p-3" data-author-claim-row={claim.id}>
      <p>
        <span className="font-semibold">{claim.memberName || claim.userId}</span> claims{' '}
        <a href={`/authors/${encodeURIComponent(claim.slug)}`} className="text-accent underline">
          {claim.authorName}
        </a>
        <span className="text-sm text-ink-muted">
          {' '}
          ({new Date(claim.createdAt).toLocaleDateString('en-GB')})
        </span>
      </p>
      {claim.message ? <p className="text-sm whitespace-pre-line text-ink-muted">“{claim.message}”</p> : null}
      <div className="flex flex-wrap gap-3">
        <ConfirmDialog
          trigger="Approve"
          triggerClassName="btn btn-primary"
          title={`Approve the claim of ${claim.authorName}’s page?`}
          description={`${claim.memberName || 'The member'} becomes the author of its books on Shelfmark: they show on their profile. The approval is recorded in the audit log.`}
          confirmLabel="Approve claim"
          busyLabel="Approving…"
          onConfirm={async (): Promise<ConfirmOutcome> => {
            const outcome = await (await api()).approveAuthorClaim(claim.id);
            if (!outcome.ok) {
              showToast({ title: 'Error', description: outcome.message, variant: 'destructive' });
              return 'close';
            }
            showToast({ title: 'Claim approved', description: `${claim.authorName}’s page is claimed.` });
            onDone(outcome.data.pending);
            return 'close';
          }}
        />
        <button type="button" className="btn btn-outline" onClick={() => setRejecting(true)}>
          Reject
        </button>
      </div>
      {rejecting ? <RejectDialog claim={claim} onClose={() => setRejecting(false)} onDone={onDone} /> : null}
    </li>
  );
}

/** The section (see the file comment). */
export default function AuthorClaims() {
  const [queue, setQueue] = useState<Queue>({ step: 'loading' });
  useEffect(() => {
    void (async () => {
      const outcome = await (await api()).pendingAuthorClaims();
      setQueue(
        outcome.ok
          ? { step: 'ready', pending: outcome.data.pending }
          : { step: 'failed', message: outcome.message },
      );
    })();
  }, []);
  const done = (pending: PendingAuthorClaim[]) => setQueue({ step: 'ready', pending });

  return (
    <section aria-labelledby="author-claims-heading" className="mt-8 space-y-4">
      <h2 id="author-claims-heading" className="text-xl font-bold">
        Author claims
      </h2>
      <p className="text-sm text-ink-muted">
        Book Authors and Publishers claim the author pages of catalogue books. An approved claim puts the
        author’s books on the member’s profile.
      </p>
      {queue.step === 'loading' ? <p className="text-ink-muted">Loading claims…</p> : null}
      {queue.step === 'failed' ? <p role="alert">Failed to load the claims. {queue.message}</p> : null}
      {queue.step === 'ready' && queue.pending.length === 0 ? (
        <p className="text-ink-muted">No claims are waiting.</p>
      ) : null}
      {queue.step === 'ready' && queue.pending.length > 0 ? (
        <ul className="space-y-3" aria-label="Pending author claims">
          {queue.pending.map((claim) => (
            <ClaimRow key={claim.id} claim={claim} onDone={done} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
