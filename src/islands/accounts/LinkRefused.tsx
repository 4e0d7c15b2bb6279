import type { ReactNode } from 'react';

interface Props {
  /** Why the link cannot be used. */
  message: string;
  /** What to do instead: where to ask for a new link. */
  children: ReactNode;
}

/**
 * What a mail link's screen (confirm an address, reset a password) shows when the
 * link cannot be used (expired, used already, or the check failed): the reason
 * in a boxed alert, then the way to a new link.
 */
export default function LinkRefused({ message, children }: Props) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md border border-red-700 bg-white p-3 font-semibold text-red-700">
        {message}
      </p>
      {children}
    </div>
  );
}
