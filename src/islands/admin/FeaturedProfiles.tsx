import { useMemo, useState } from 'react';
import { showToast } from '../../lib/toast.ts';
import type { ProfileItem } from '../../data/client/admin/admin-featured.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import PickerDialog from '../ui/PickerDialog.tsx';
import { useAsync } from '../ui/use-async.ts';
import FeaturedSlots from './FeaturedSlots.tsx';

function api() {
  return import('../../data/client/admin/admin-featured.ts');
}

function fail(description: string) {
  showToast({ title: 'Error', description, variant: 'destructive' });
}

const PROFILE_PICKER_TEXTS = {
  description: 'Active, approved members who are not featured yet.',
  searchId: 'profile-picker-search',
  searchLabel: 'Search members',
  placeholder: 'Name',
  loading: 'Loading members…',
  empty: 'No members match.',
  listLabel: 'Members to feature',
  failureLog: 'Failed to load profiles',
  failureToast: 'Failed to load profiles.',
} as const;

/** Picks a member for one slot: only active, approved members not already featured, searchable by name. */
function ProfilePicker({
  position,
  featured,
  onPicked,
  onClose,
}: {
  position: number;
  featured: ReadonlySet<string>;
  onPicked: () => void;
  onClose: () => void;
}) {
  async function pick(profile: ProfileItem): Promise<boolean> {
    const outcome = await (
      await api()
    ).adminFeatured({ action: 'assign-profile', position, userId: profile.uid });
    if (!outcome.ok) {
      fail(
        outcome.code === 'failed-precondition' ? outcome.message : 'Failed to add user to featured profiles.',
      );
      return false;
    }
    showToast({ title: 'Success', description: `${profile.display_name} is featured in slot ${position}.` });
    onPicked();
    return true;
  }

  return (
    <PickerDialog
      texts={{ ...PROFILE_PICKER_TEXTS, title: `Featured author for slot ${position}` }}
      find={async (search) => (await api()).searchFeaturableProfiles(search, featured)}
      itemKey={(profile) => profile.uid}
      itemName={(profile) => profile.display_name}
      itemDetail={(profile) => profile.category}
      onPick={pick}
      onClose={onClose}
    />
  );
}

/** Featured Profiles: the home page's 6 author slots. */
export default function FeaturedProfiles() {
  const [slots, reload] = useAsync(
    () => api().then((m) => m.loadProfileSlots()),
    [],
    'Failed to load featured profiles',
  );
  const [picking, setPicking] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(position: number) {
    setBusy(position);
    const outcome = await (await api()).adminFeatured({ action: 'remove-profile', position });
    setBusy(null);
    if (!outcome.ok) {
      fail('Failed to remove user from featured profiles.');
      return;
    }
    showToast({ title: 'Success', description: `Slot ${position} is empty.` });
    reload();
  }

  const featured = useMemo(
    () => new Set(slots.status === 'ready' ? slots.value.flatMap((slot) => (slot ? [slot.uid] : [])) : []),
    [slots],
  );

  return (
    <AsyncContent
      state={slots}
      loading="Loading featured profiles…"
      failed="The featured profiles could not be loaded."
    >
      {(list) => (
        <section aria-labelledby="featured-profiles-heading" className="space-y-3">
          <h2 id="featured-profiles-heading" className="text-xl font-bold">
            Featured Profiles (6 slots)
          </h2>
          <FeaturedSlots
            label="Featured profile slots"
            slots={list}
            name={(profile) => profile.display_name}
            removing={(position) => busy === position}
            onPick={setPicking}
            onRemove={(position) => void remove(position)}
          />
          {picking !== null ? (
            <ProfilePicker
              position={picking}
              featured={featured}
              onPicked={() => reload()}
              onClose={() => setPicking(null)}
            />
          ) : null}
        </section>
      )}
    </AsyncContent>
  );
}
