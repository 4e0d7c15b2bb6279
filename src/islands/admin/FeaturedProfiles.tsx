import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { showToast } from '../../lib/toast.ts';
import type { ProfileItem } from '../../data/client/admin-featured.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import Dialog from '../ui/Dialog.tsx';
import { useAsync } from '../ui/use-async.ts';

function api() {
  return import('../../data/client/admin-featured.ts');
}

function fail(description: string) {
  showToast({ title: 'Error', description, variant: 'destructive' });
}

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
  const [text, setText] = useState('');
  const [results, setResults] = useState<ProfileItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  /** Members matching `search`, or [] after telling the admin it failed. */
  const find = useCallback(
    async (search: string): Promise<ProfileItem[]> => {
      try {
        return await (await api()).searchFeaturableProfiles(search, featured);
      } catch (error) {
        console.error('Failed to load profiles', error);
        fail('Failed to load profiles.');
        return [];
      }
    },
    [featured],
  );

  // Each load is numbered so a slower, earlier answer (the first list) never replaces a later search's.
  const latest = useRef(0);
  const load = useCallback(
    (search: string) => {
      const ticket = ++latest.current;
      void find(search).then((found) => ticket === latest.current && setResults(found));
    },
    [find],
  );

  useEffect(() => {
    load('');
  }, [load]);

  function search(event: FormEvent) {
    event.preventDefault();
    setResults(null);
    load(text);
  }

  async function pick(profile: ProfileItem) {
    setBusy(true);
    const outcome = await (
      await api()
    ).adminFeatured({ action: 'assign-profile', position, userId: profile.uid });
    setBusy(false);
    if (!outcome.ok) {
      fail(
        outcome.code === 'failed-precondition' ? outcome.message : 'Failed to add user to featured profiles.',
      );
      return;
    }
    showToast({ title: 'Success', description: `${profile.display_name} is featured in slot ${position}.` });
    onPicked();
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={`Featured author for slot ${position}`}
      description="Active, approved members who are not featured yet."
    >
      <form role="search" className="mb-3 flex gap-2" onSubmit={search}>
        <label htmlFor="profile-picker-search" className="sr-only">
          Search members
        </label>
        <input
          id="profile-picker-search"
          type="search"
          className="flex-1 rounded-md border border-line bg-white px-3 py-2"
          placeholder="Name"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline">
          Search
        </button>
      </form>
      {results === null ? (
        <p role="status">Loading members…</p>
      ) : results.length === 0 ? (
        <p>No members match.</p>
      ) : (
        <ul className="max-h-80 divide-y divide-line overflow-y-auto" aria-label="Members to feature">
          {results.map((profile) => (
            <li key={profile.uid} className="flex items-center justify-between gap-2 py-2">
              <span>
                {profile.display_name} <span className="text-sm text-ink-muted">{profile.category}</span>
              </span>
              <button
                type="button"
                className="btn btn-outline"
                disabled={busy}
                onClick={() => void pick(profile)}
                aria-label={`Feature ${profile.display_name}`}
              >
                Feature
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
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
          <ol className="grid gap-2 md:grid-cols-2 lg:grid-cols-3" aria-label="Featured profile slots">
            {list.map((profile, index) => (
              <li
                key={index}
                className="flex items-center justify-between gap-2 rounded border border-line bg-white p-3"
                aria-label={`Slot ${index + 1}`}
              >
                <span>
                  <span className="font-semibold">{index + 1}.</span>{' '}
                  {profile ? profile.display_name : <span className="text-ink-muted">Empty</span>}
                </span>
                <span className="flex gap-1">
                  <button type="button" className="btn btn-outline" onClick={() => setPicking(index + 1)}>
                    {profile ? 'Change' : 'Assign'}
                  </button>
                  {profile ? (
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={busy === index + 1}
                      onClick={() => void remove(index + 1)}
                    >
                      Remove
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
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
