import type { ReactNode } from 'react';

interface Props {
  /** The element id, where a control points at the message with aria-describedby. */
  id?: string;
  /** The message; nothing is rendered without one. */
  children?: ReactNode;
  /** Space above it, where it stands under a control. */
  spaced?: boolean;
  /** Takes a whole row in a flex row (a list item's controls). */
  fullWidth?: boolean;
}

/**
 * A form's error line: what went wrong with the whole form (a refused save) or with one
 * control that has no field frame of its own (a star rating, a picture), in the errors'
 * red, announced by screen readers the moment it appears (role="alert").
 */
export default function FormAlert({ id, children, spaced = false, fullWidth = false }: Props) {
  if (children === undefined || children === null || children === false || children === '') return null;
  const classes = ['text-sm font-semibold text-red-700', spaced ? 'mt-1' : '', fullWidth ? 'w-full' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <p id={id} role="alert" className={classes}>
      {children}
    </p>
  );
}
