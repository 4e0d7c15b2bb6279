import type { PagedAsync } from './use-async.ts';

interface Props {
  /** The paged load whose next page the button asks for. */
  paged: Pick<PagedAsync<unknown>, 'state' | 'hasMore' | 'loadingMore'>;
  /** Asks for the next page (the island decides what a failure shows). */
  onLoadMore: () => void;
}

/** 'Load more' under a paged list: shown while a next page exists, disabled while one loads. */
export default function LoadMoreButton({ paged, onLoadMore }: Props) {
  if (paged.state.status !== 'ready' || !paged.hasMore) return null;
  return (
    <button type="button" className="btn btn-outline" disabled={paged.loadingMore} onClick={onLoadMore}>
      {paged.loadingMore ? 'Loading…' : 'Load more'}
    </button>
  );
}
