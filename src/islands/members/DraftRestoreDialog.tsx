import ConfirmDialog from '../ui/ConfirmDialog.tsx';

interface Props {
  /** Restores the draft into the form. */
  onRestore: () => void;
  /** Discards the draft. */
  onDiscard: () => void;
}

/** Asks whether to restore the unsaved changes kept from an earlier visit. Escape does not dismiss it: both answers matter. */
export default function DraftRestoreDialog({ onRestore, onDiscard }: Props) {
  return (
    <ConfirmDialog
      open
      dismissible={false}
      title="Restore unsaved changes?"
      description="You have changes to this profile from an earlier visit that were not saved. Restore them, or discard them and start from the saved profile?"
      cancelLabel="Discard Draft"
      onCancel={onDiscard}
      confirmLabel="Restore Draft"
      onConfirm={() => {
        onRestore();
        return 'close';
      }}
    />
  );
}
