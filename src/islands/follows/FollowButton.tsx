import { useEffect, useState } from 'react';
import { FOLLOW_MESSAGES, followerCountLabel } from '../../domain/follows/follows.ts';
import FormAlert from '../ui/FormAlert.tsx';

interface Props {
  /** The followed author (profiles/{uid}). */
  authorUid: string;
  /** The author's name, for the screen-reader text of the button. */
  authorName: string;
  /** The follower count the page rendered; null where the page shows no count (the book page). */
  initialCount: number | null;
  /** Called when no member is signed in after all (a stale session hint): the page shows the visitor's Follow again. */
  onSignedOut: () => void;
}

type State =
  | { step: 'loading' }
  | { step: 'own' }
  | { step: 'ready'; uid: string; following: boolean; busy: boolean; error: string | null };

/**
 * The member's Follow button: one click follows the author, another unfollows
 * ('Following'). The state comes from the member's own follow (a read the rules
 * allow only to them); the change goes through updateFollow, which answers the
 * follower count now.
 */
export default function FollowButton({ authorUid, authorName, initialCount, onSignedOut }: Props) {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [count, setCount] = useState(initialCount);

  useEffect(() => {
    void (async () => {
      const { currentAccount } = await import('../../data/client/shared/auth.ts');
      const me = await currentAccount();
      if (!me) {
        onSignedOut();
        return;
      }
      if (me.uid === authorUid) {
        setState({ step: 'own' });
        return;
      }
      const { ownFollow } = await import('../../data/client/follows/follows.ts');
      const follow = await ownFollow(me.uid, authorUid).catch(() => null);
      setState({ step: 'ready', uid: me.uid, following: follow !== null, busy: false, error: null });
    })();
  }, [authorUid, onSignedOut]);

  async function toggle() {
    if (state.step !== 'ready' || state.busy) return;
    const follow = !state.following;
    setState({ ...state, busy: true, error: null });
    const { updateFollow } = await import('../../data/client/follows/follows.ts');
    const outcome = await updateFollow({ authorUid, follow }).catch(() => null);
    if (!outcome?.ok) {
      setState({ ...state, busy: false, error: outcome?.message ?? FOLLOW_MESSAGES.failed });
      return;
    }
    if (count !== null) setCount(outcome.data.followerCount);
    setState({ ...state, following: outcome.data.following, busy: false, error: null });
  }

  const countLine =
    count === null ? null : (
      <p className="text-sm text-ink-muted" aria-live="polite" data-follower-count>
        {followerCountLabel(count)}
      </p>
    );
  if (state.step === 'own') return countLine;
  const loading = state.step === 'loading';
  const busy = state.step === 'ready' && state.busy;
  const following = state.step === 'ready' && state.following;
  return (
    <div className="space-y-2">
      {countLine}
      <button
        type="button"
        className={following ? 'btn btn-outline' : 'btn btn-primary'}
        onClick={() => void toggle()}
        disabled={loading || busy}
        aria-busy={loading || busy}
        data-follow-button
      >
        {loading
          ? 'Follow'
          : busy
            ? following
              ? 'Unfollowing…'
              : 'Following…'
            : following
              ? 'Following'
              : 'Follow'}
        <span className="sr-only">
          {following ? `: you follow ${authorName}; select to unfollow` : ` ${authorName}`}
        </span>
      </button>
      <FormAlert>{state.step === 'ready' ? state.error : null}</FormAlert>
    </div>
  );
}
