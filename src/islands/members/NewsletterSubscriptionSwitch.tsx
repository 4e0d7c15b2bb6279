/**
 * "Receive Shelfmark newsletters" in the profile editor: the member's
 * own choice, saved as soon as it is switched (a newsletter's unsubscribe link
 * turns it off; this turns it back on).
 */
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/toast.ts';
import Switch from '../ui/Switch.tsx';

interface Props {
  /** The signed-in member, editing their own profile. */
  userId: string;
}

const data = () => import('../../data/client/editorial/newsletter-preferences.ts');

export default function NewsletterSubscriptionSwitch({ userId }: Props) {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    data()
      .then(({ isSubscribed }) => isSubscribed(userId))
      .then(setSubscribed, (error: unknown) => {
        console.error('Failed to load the newsletter setting', error);
        setSubscribed(true);
      });
  }, [userId]);

  async function change(next: boolean) {
    setSaving(true);
    try {
      const { setSubscribed: save } = await data();
      await save(userId, next);
      setSubscribed(next);
      showToast({
        title: 'Success',
        description: next
          ? 'You will receive Shelfmark newsletters.'
          : 'You will no longer receive Shelfmark newsletters.',
      });
    } catch (error) {
      console.error('Failed to save the newsletter setting', error);
      showToast({
        title: 'Error',
        description: 'Failed to save your newsletter setting.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="newsletter-setting" className="mt-10 border-t border-line pt-6">
      <h2 id="newsletter-setting" className="text-xl font-bold">
        Newsletters
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Switch
          id="newsletter-subscribed"
          checked={subscribed ?? false}
          disabled={subscribed === null || saving}
          onCheckedChange={(next) => void change(next)}
        />
        <label htmlFor="newsletter-subscribed" className="text-sm font-semibold text-ink">
          Receive Shelfmark newsletters
        </label>
        {subscribed === null && <span className="text-sm text-ink-muted">Loading…</span>}
      </div>
    </section>
  );
}
