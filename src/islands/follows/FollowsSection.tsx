import { useState } from 'react';
import {
  ALERT_MODES,
  ALERT_MODE_LABELS,
  FOLLOW_MESSAGES,
  memberFollowId,
  type AlertMode,
} from '../../domain/follows/follows.ts';
import type { OwnFollow } from '../../data/client/follows/follows.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { useAsync } from '../ui/use-async.ts';
import FormAlert from '../ui/FormAlert.tsx';

interface Props {
  /** The signed-in member. */
  uid: string;
}

/**
 * /account's list of the authors the member follows: each with its alert mode
 * (Instant or Weekly digest) and Unfollow, both through updateFollow.
 */
export default function FollowsSection({ uid }: Props) {
  const [state, reload, { update }] = useAsync(
    async () => (await import('../../data/client/follows/follows.ts')).listOwnFollows(uid),
    [uid],
    'Failed to load the authors you follow.',
  );
  return (
    <AsyncContent
      state={state}
      loading="Loading the authors you follow…"
      failed="The authors you follow could not be loaded."
      retry={reload}
      empty="You do not follow anyone yet. Use Follow on an author's profile or book page."
    >
      {(follows) => (
        <ul className="divide-y divide-line rounded-md border border-line bg-paper" data-own-follows>
          {follows.map((item) => (
            <FollowRow
              key={item.follow.author_uid}
              item={item}
              uid={uid}
              onChange={(mode) =>
                update((list) =>
                  mode === null
                    ? list.filter((other) => other.follow.author_uid !== item.follow.author_uid)
                    : list.map((other) =>
                        other.follow.author_uid === item.follow.author_uid
                          ? { ...other, follow: { ...other.follow, mode } }
                          : other,
                      ),
                )
              }
            />
          ))}
        </ul>
      )}
    </AsyncContent>
  );
}

function FollowRow({
  item,
  uid,
  onChange,
}: {
  item: OwnFollow;
  uid: string;
  onChange: (mode: AlertMode | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = item.author?.name ?? 'An author whose page is not public now';
  const selectId = `follow-mode-${memberFollowId(item.follow.author_uid, uid)}`;

  async function change(follow: boolean, mode?: AlertMode) {
    setBusy(true);
    setError(null);
    const { updateFollow } = await import('../../data/client/follows/follows.ts');
    const outcome = await updateFollow({ authorUid: item.follow.author_uid, follow, mode }).catch(() => null);
    setBusy(false);
    if (!outcome?.ok) {
      setError(outcome?.message ?? FOLLOW_MESSAGES.failed);
      return;
    }
    onChange(outcome.data.mode);
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-own-follow={item.follow.author_uid}>
      <span className="min-w-0 flex-1 font-semibold">
        {item.author ? (
          <a href={`/profile/${item.author.slug}`} className="text-accent underline">
            {name}
          </a>
        ) : (
          name
        )}
      </span>
      <label htmlFor={selectId} className="text-sm">
        Alerts
      </label>
      <select
        id={selectId}
        className="rounded-md border border-line bg-white px-2 py-2 text-ink"
        value={item.follow.mode}
        disabled={busy}
        aria-describedby={error ? `${selectId}-error` : undefined}
        onChange={(event) => void change(true, event.target.value as AlertMode)}
      >
        {ALERT_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {ALERT_MODE_LABELS[mode]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void change(false)}
      >
        Unfollow<span className="sr-only"> {name}</span>
      </button>
      <FormAlert id={`${selectId}-error`} fullWidth>
        {error}
      </FormAlert>
    </li>
  );
}
