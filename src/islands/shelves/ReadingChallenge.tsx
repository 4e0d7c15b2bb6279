/**
 * The signed-in member's part of the home page's Reading Challenges card: their
 * goal for this year with its progress bar ("3 of 12 books read in 2026"), or
 * an invitation to set one, linking to their profile's reading goal (where the
 * goal form is); it also brings the community's count up to date (the page's
 * figure is from the last publish).
 */
import { goalPercent, goalText, yearOf } from '../../domain/shelves/reading.ts';
import { LoadFailed } from '../ui/AsyncContent.tsx';
import { useAsync } from '../ui/use-async.ts';

/** The card's member part for `uid` (see the file comment). */
export default function ReadingChallenge({ uid }: { uid: string }) {
  const [state] = useAsync(
    async () => {
      const [{ getOwnYear, getCommunityFinished }, { getOwnProfile }] = await Promise.all([
        import('../../data/client/shelves/reading.ts'),
        import('../../data/client/accounts/profiles.ts'),
      ]);
      const year = yearOf(new Date());
      const [own, profile, community] = await Promise.all([
        getOwnYear(uid, year),
        getOwnProfile(uid),
        getCommunityFinished(year),
      ]);
      // The page's figure is from the last publish; the counter is live.
      const figure = document.querySelector('[data-community-count]');
      if (figure)
        figure.textContent = `${community.toLocaleString('en-US')} ${community === 1 ? 'book' : 'books'}`;
      return { year: own ?? { year, goal: null, finished: 0 }, slug: profile?.page_slug ?? null };
    },
    [uid],
    'Could not load your reading goal',
  );

  if (state.status === 'loading')
    return (
      <p role="status" className="mt-2 text-sm text-ink-muted">
        Loading your goal…
      </p>
    );
  if (state.status === 'failed') return <LoadFailed message="Your reading goal could not be loaded." />;
  const { year, slug } = state.value;
  const href = slug ? `/profile/${encodeURIComponent(slug)}#reading-goal` : '/profile-edit';
  return (
    <div className="mt-2 text-sm" data-own-challenge>
      {year.goal === null ? (
        <p className="text-ink-muted">
          You have not set a goal for {year.year} yet.{' '}
          <a href={href} className="text-accent underline">
            Set your reading goal
          </a>
        </p>
      ) : (
        <>
          <p className="text-ink">{goalText(year)}</p>
          <progress
            className="mt-1 block h-2 w-full accent-accent"
            max={100}
            value={goalPercent(year)}
            aria-label={`Your reading goal ${year.year}`}
          >
            {goalPercent(year)} %
          </progress>
          <a href={href} className="mt-1 inline-block text-accent underline">
            View your goal
          </a>
        </>
      )}
    </div>
  );
}
