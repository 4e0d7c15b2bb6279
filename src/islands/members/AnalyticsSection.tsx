import { lazy, Suspense } from 'react';
import {
  STATS_KIND_LABEL,
  analyticsCsv,
  type ItemTotal,
  type MemberAnalytics,
} from '../../domain/members/member-stats.ts';
import { updateReachText, type UpdateReach } from '../../domain/updates/author-update.ts';
import { saveFile } from '../../lib/save-file.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import { useAsync } from '../ui/use-async.ts';

// uPlot is loaded only for a Premium member's chart.
const AnalyticsChart = lazy(() => import('./AnalyticsChart.tsx'));

const DAY = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const dayOf = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
const TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const timeOf = (iso: string) => `${TIME.format(new Date(iso))} UTC`;

const UPDATE_COLUMNS: readonly Column<UpdateReach>[] = [
  { header: 'Update', cell: (update) => update.title },
  { header: 'Posted', cell: (update) => timeOf(update.posted_at) },
  { header: 'By email', cell: (update) => updateReachText(update, timeOf) },
];

const ITEM_COLUMNS: readonly Column<ItemTotal & { id: string }>[] = [
  { header: 'Page', cell: (item) => item.title || '(untitled)' },
  { header: 'Kind', cell: (item) => STATS_KIND_LABEL[item.kind] },
  { header: 'Visits', cell: (item) => item.views },
  {
    header: 'Link clicks',
    cell: (item) =>
      item.kind === 'book' ? (
        <>
          {item.clicks}
          {item.links.length > 0 ? (
            <ul className="text-ink-muted">
              {item.links.map((link) => (
                <li key={link.index}>
                  {link.label || `Link ${link.index + 1}`}: {link.clicks}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        '—'
      ),
  },
];

/** Offers the Premium figures as a CSV file, built in the browser. */
function downloadCsv(analytics: MemberAnalytics) {
  saveFile(
    new Blob([analyticsCsv(analytics.days)], { type: 'text/csv;charset=utf-8' }),
    `shelfmark-analytics-${analytics.from}-to-${analytics.to}.csv`,
  );
}

/**
 * /account's Analytics section: visits to the member's profile, books, products
 * and ads, clicks on their purchase links, and followers gained and lost (the
 * memberAnalytics callable).
 * Free: the last 7 days in totals, per page, with 'Upgrade to Premium' on the
 * member's own account. Premium: 90 days in a chart, per page, and a CSV download.
 * `userId` is the member an admin is viewing (/account?userId=).
 */
export default function AnalyticsSection({ userId, own }: { userId?: string; own: boolean }) {
  const [state, reload] = useAsync(
    async () => {
      const { memberAnalytics } = await import('../../data/client/members/analytics.ts');
      const outcome = await memberAnalytics(userId);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.data;
    },
    [userId],
    'Analytics could not be loaded:',
  );

  return (
    <AsyncContent
      state={state}
      loading="Loading analytics…"
      failed="The analytics could not be loaded."
      retry={reload}
    >
      {(analytics) => {
        const premium = analytics.plan === 'premium';
        const period = premium ? 'the last 90 days' : 'the last 7 days';
        const rows = analytics.items.map((item) => ({ ...item, id: item.key }));
        return (
          <div className="space-y-4" data-analytics={analytics.plan}>
            <p>
              Visits to your pages, clicks on your purchase links and followers gained and lost in {period} (
              {dayOf(analytics.from)} to {dayOf(analytics.to)}, UTC). Each visitor counts once a day per page;
              bots are not counted. Who follows you is never shown, only how many.
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-semibold">Visits</dt>
              <dd data-testid="analytics-views">{analytics.views}</dd>
              <dt className="font-semibold">Purchase link clicks</dt>
              <dd data-testid="analytics-clicks">{analytics.clicks}</dd>
              <dt className="font-semibold">New followers</dt>
              <dd data-testid="analytics-follows">{analytics.follows}</dd>
              <dt className="font-semibold">Unfollows</dt>
              <dd data-testid="analytics-unfollows">{analytics.unfollows}</dd>
            </dl>
            {analytics.updates.length > 0 ? (
              <div className="space-y-2">
                <h3 className="font-semibold">Your updates by email</h3>
                <p className="text-ink-muted">
                  Followers with instant emails get each update about an hour after you post it; the others
                  get it in their weekly digest.
                </p>
                <DataTable
                  caption="Your newest updates to your followers, and how many followers each was emailed to"
                  columns={UPDATE_COLUMNS}
                  rows={analytics.updates}
                />
              </div>
            ) : null}
            {rows.length === 0 ? (
              <p className="text-ink-muted">No visits yet in {period}.</p>
            ) : (
              <>
                {premium ? (
                  <Suspense fallback={<p role="status">Loading the chart…</p>}>
                    <AnalyticsChart daily={analytics.daily} />
                  </Suspense>
                ) : null}
                <DataTable
                  caption={`Visits and clicks per page in ${period}`}
                  columns={ITEM_COLUMNS}
                  rows={rows}
                />
              </>
            )}
            {premium && rows.length > 0 ? (
              <button type="button" className="btn btn-outline" onClick={() => downloadCsv(analytics)}>
                Download CSV
              </button>
            ) : null}
            {!premium && own ? (
              <p>
                Premium shows 90 days in a chart, with a CSV download.{' '}
                <a href="/billing/upgrade" className="btn btn-primary">
                  Upgrade to Premium
                </a>
              </p>
            ) : null}
          </div>
        );
      }}
    </AsyncContent>
  );
}
