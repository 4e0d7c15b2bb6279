/**
 * "Keep my shelves private" in the profile editor: the member's own choice,
 * saved as soon as it is switched (shelf_settings/{uid}). Private shelves are
 * left off the member's profile page.
 */
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/toast.ts';
import Switch from '../ui/Switch.tsx';

interface Props {
  userId: string;
}

const data = () => import('../../data/client/shelves/shelves.ts');

export default function ShelvesPrivacySwitch({ userId }: Props) {
  const [hidden, setHidden] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    data()
      .then(({ shelvesArePrivate }) => shelvesArePrivate(userId))
      .then(setHidden, (error: unknown) => {
        console.error('Failed to load the shelves setting', error);
        setHidden(false);
      });
  }, [userId]);

  async function change(next: boolean) {
    setSaving(true);
    try {
      const { setShelvesPrivate } = await data();
      await setShelvesPrivate(userId, next);
      setHidden(next);
      showToast({
        title: 'Success',
        description: next ? 'Your shelves are private.' : 'Your shelves are shown on your profile.',
      });
    } catch (error) {
      console.error('Failed to save the shelves setting', error);
      showToast({
        title: 'Error',
        description: 'Failed to save your shelves setting.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="shelves-setting" className="mt-10 border-t border-line pt-6">
      <h2 id="shelves-setting" className="text-xl font-bold">
        Shelves
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Switch
          id="shelves-private"
          checked={hidden ?? false}
          disabled={hidden === null || saving}
          onCheckedChange={(next) => void change(next)}
        />
        <label htmlFor="shelves-private" className="text-sm font-semibold text-ink">
          Keep my shelves private
        </label>
        {hidden === null && <span className="text-sm text-ink-muted">Loading…</span>}
      </div>
    </section>
  );
}
