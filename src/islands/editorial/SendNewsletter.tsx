/**
 * The send control of a published, unsent newsletter: the recipient group and
 * 'Send (N)' with the group's audience as the server counts it. 'Sending...'
 * disables it; the server sends each newsletter once, whoever clicks.
 */
import { useId, useState } from 'react';
import {
  NEWSLETTER_RECIPIENT_GROUPS,
  sendLabel,
  sentToast,
  type RecipientGroup,
} from '../../domain/editorial/newsletter.ts';
import { showToast } from '../../lib/toast.ts';

interface Props {
  newsletterId: string;
  /** Audience per group, or null while loading (or when it could not be counted). */
  counts: Record<string, number> | null;
  /** Called with the number of recipients once sent. */
  onSent: (recipientCount: number) => void;
}

export default function SendNewsletter({ newsletterId, counts, onSent }: Props) {
  const id = useId();
  const [group, setGroup] = useState<RecipientGroup>('all');
  const [sending, setSending] = useState(false);
  const count = counts?.[group];

  async function send() {
    setSending(true);
    try {
      const { sendNewsletter } = await import('../../data/client/editorial/editorial.ts');
      const outcome = await sendNewsletter(newsletterId, group);
      if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
      showToast({ title: 'Success', description: sentToast(outcome.data.recipientCount) });
      onSent(outcome.data.recipientCount);
    } catch (error) {
      console.error('Failed to send newsletter', error);
      showToast({ title: 'Error', description: 'Failed to send newsletter', variant: 'destructive' });
      setSending(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Recipients
      </label>
      <select
        id={id}
        value={group}
        disabled={sending}
        onChange={(e) => setGroup(e.target.value as RecipientGroup)}
        className="rounded-md border border-line bg-white px-2 py-1.5 text-sm"
      >
        {NEWSLETTER_RECIPIENT_GROUPS.map((g) => (
          <option key={g.value} value={g.value}>
            {g.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-primary"
        disabled={sending || count === undefined || count === 0}
        onClick={() => void send()}
      >
        {sending ? 'Sending...' : count === undefined ? 'Send' : sendLabel(count)}
      </button>
    </div>
  );
}
