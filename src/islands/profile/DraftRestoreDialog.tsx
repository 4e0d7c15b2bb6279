import * as AlertDialog from '@radix-ui/react-alert-dialog';

interface Props {
  /** Restores the draft into the form. */
  onRestore: () => void;
  /** Discards the draft. */
  onDiscard: () => void;
}

/** Asks whether to restore the unsaved changes kept from an earlier visit. Escape does not dismiss it: both answers matter. */
export default function DraftRestoreDialog({ onRestore, onDiscard }: Props) {
  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        {/* A plain backdrop, not AlertDialog.Overlay: the Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <AlertDialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl"
        >
          <AlertDialog.Title className="mb-2 text-xl font-bold">Restore unsaved changes?</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">
            You have changes to this profile from an earlier visit that were not saved. Restore them, or
            discard them and start from the saved profile?
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" onClick={onDiscard}>
              Discard Draft
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" onClick={onRestore}>
              Restore Draft
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
