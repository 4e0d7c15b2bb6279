import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import Backdrop, { panelClass } from './Backdrop.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading and accessible name. */
  title: string;
  /**
   * Text under the title. Without it the title doubles as the (visually hidden)
   * description; `false` leaves the dialog without one.
   */
  description?: string | false;
  /** A wider panel, for long forms. */
  wide?: boolean;
  children: ReactNode;
}

/** A modal dialog (Radix: focus trap, Escape, labelled) holding a form or a list. */
export default function Dialog({ open, onOpenChange, title, description, wide = false, children }: Props) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {open ? <Backdrop /> : null}
        <RadixDialog.Content
          className={panelClass(wide ? 'w-[min(48rem,calc(100vw-2rem))]' : 'w-[min(36rem,calc(100vw-2rem))]')}
          {...(description === false ? { 'aria-describedby': undefined } : {})}
        >
          <RadixDialog.Title
            className={description === false ? 'mb-4 text-xl font-bold' : 'mb-2 text-xl font-bold'}
          >
            {title}
          </RadixDialog.Title>
          {description === false ? null : description ? (
            <RadixDialog.Description className="mb-4 text-ink-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
