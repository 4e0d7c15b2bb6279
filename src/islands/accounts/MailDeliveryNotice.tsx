import { useEffect, useState } from 'react';
import { SUPPRESSION_REASON_TEXT, type DeliveryNotice } from '../../domain/mail/suppression.ts';
import FormAlert from '../ui/FormAlert.tsx';

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/**
 * On the account page: tells the signed-in member that Shelfmark stopped mailing
 * their address (why, since when), and offers the two ways out: change the
 * address (the form below it) or send the one confirmation email that, once its
 * link is opened, starts mail again. Renders nothing while mail goes out.
 */
export default function MailDeliveryNotice() {
  const [notice, setNotice] = useState<DeliveryNotice | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  const [message, setMessage] = useState('');

  useEffect(() => {
    void (async () => {
      const { mailDeliveryStatus } = await import('../../data/client/accounts/account.ts');
      const outcome = await mailDeliveryStatus();
      if (outcome.ok) setNotice(outcome.data.notice);
    })().catch(() => undefined);
  }, []);

  if (notice === null) return null;

  async function reconfirm() {
    setState('busy');
    const { requestMailReconfirm } = await import('../../data/client/accounts/account.ts');
    const outcome = await requestMailReconfirm().catch(() => ({
      ok: false as const,
      message: 'Could not reach the server.',
    }));
    if (outcome.ok) {
      setState('sent');
      return;
    }
    setMessage(outcome.message);
    setState('error');
  }

  return (
    <section
      aria-labelledby="mail-delivery-notice"
      className="mb-4 rounded-md border border-red-700 bg-paper p-4"
    >
      <h3 id="mail-delivery-notice" className="mb-2 font-bold">
        Emails to your address are not delivered
      </h3>
      <p className="mb-2">{SUPPRESSION_REASON_TEXT[notice.reason]}</p>
      <p className="mb-3 text-sm">Since {DATE.format(new Date(notice.since))}.</p>
      <p className="mb-3">
        Change your address below, or, if this address works again, confirm it: we send one email to it, and
        opening its link starts emails again.
      </p>
      {state === 'sent' ? (
        <p role="status" className="font-semibold">
          Check your inbox: open the link in the email we just sent.
        </p>
      ) : (
        <button
          type="button"
          className="rounded-md border border-line bg-white px-4 py-2 font-semibold"
          disabled={state === 'busy'}
          onClick={() => void reconfirm()}
        >
          {state === 'busy' ? 'Sending…' : 'Send a confirmation email'}
        </button>
      )}
      {state === 'error' ? <FormAlert spaced>{message}</FormAlert> : null}
    </section>
  );
}
