import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * A dashboard dialog (Radix: focus trap, Escape, labelled). Its backdrop is a
 * plain element rather than Dialog.Overlay, whose scroll lock injects a <style>
 * the CSP refuses.
 */
export default function Modal({ open, onOpenChange, title, description, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {open ? <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" /> : null}
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-line bg-paper p-6 shadow-xl">
          <Dialog.Title className="mb-2 text-xl font-bold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-4 text-ink-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
