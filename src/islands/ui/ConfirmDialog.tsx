import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type MouseEvent, type ReactNode } from 'react';
import Backdrop, { panelClass } from './Backdrop.tsx';

/**
 * What a confirmed action leads to: 'close' the dialog (done), 'stay' open for
 * another try (it failed and said so), or 'leave' it busy while the page navigates away.
 */
export type ConfirmOutcome = 'close' | 'stay' | 'leave';

interface Props {
  /** The question, the dialog's accessible name. */
  title: string;
  /** What confirming does. */
  description: ReactNode;
  /** The confirm button's label. */
  confirmLabel: string;
  /** The confirm button's label while the action runs. */
  busyLabel?: string;
  /** The cancel button's label. */
  cancelLabel?: string;
  /** Runs the action; the dialog stays open and both buttons disabled until it settles. */
  onConfirm: () => Promise<ConfirmOutcome> | ConfirmOutcome;
  /** Runs when the person cancels. */
  onCancel?: () => void;
  /** The label of the button that opens the dialog; without it the caller opens it through `open`. */
  trigger?: ReactNode;
  triggerClassName?: string;
  triggerDisabled?: boolean;
  /** Open state, for a dialog the caller controls. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Open on first render (uncontrolled). */
  initiallyOpen?: boolean;
  /** False keeps Escape from dismissing it, when both answers matter. */
  dismissible?: boolean;
}

/** A yes/no question before an action that cannot be undone (Radix AlertDialog). */
export default function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  trigger,
  triggerClassName = 'btn btn-outline',
  triggerDisabled,
  open: controlledOpen,
  onOpenChange,
  initiallyOpen = false,
  dismissible = true,
}: Props) {
  const [ownOpen, setOwnOpen] = useState(initiallyOpen);
  const [busy, setBusy] = useState(false);
  const open = controlledOpen ?? ownOpen;

  function setOpen(next: boolean) {
    if (busy) return;
    setOwnOpen(next);
    onOpenChange?.(next);
  }

  async function confirm(event: MouseEvent) {
    // Stay open while the action runs: its outcome decides what happens next.
    event.preventDefault();
    setBusy(true);
    let outcome: ConfirmOutcome = 'stay';
    try {
      outcome = await onConfirm();
    } finally {
      if (outcome !== 'leave') setBusy(false);
    }
    if (outcome === 'close') {
      setOwnOpen(false);
      onOpenChange?.(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger !== undefined ? (
        <AlertDialog.Trigger className={triggerClassName} disabled={triggerDisabled}>
          {trigger}
        </AlertDialog.Trigger>
      ) : null}
      <AlertDialog.Portal>
        <Backdrop />
        <AlertDialog.Content
          className={panelClass('w-[min(32rem,calc(100vw-2rem))]')}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
        >
          <AlertDialog.Title className="mb-2 text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">{description}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn btn-primary"
              disabled={busy}
              onClick={(event) => void confirm(event)}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
