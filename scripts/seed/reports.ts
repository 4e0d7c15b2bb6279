// Demo reports for the admin dashboard's Reports section (src/domain/reports/report.ts):
// a few reviews and books reported by members and visitors, some more than once,
// then one product/service, one classified ad and one blog post reported once, so
// the moderation queue shows its grouping and order and the Hide/Restore of every
// hideable kind. Ids as the endpoint makes
// them (reportId), so a demo reporter reporting again meets "already reported".
import { createHash } from 'node:crypto';
import {
  reportItemKey,
  type Reporter,
  type ReportItemKind,
  type ReportReason,
} from '../../src/domain/reports/report.ts';
import { reportId } from '../../src/data/server/reports/reports.ts';
import { daysAgo, streamFor, type SeedDoc } from './context.ts';
import type { Member } from './members.ts';

const NOTES = ['', '', 'Looks like the same text is posted on several books.', 'Rude to other readers.', ''];
const REASONS: readonly ReportReason[] = ['spam', 'offensive', 'wrong', 'other', 'rights'];

/** Open reports on the first reviews and books (the first item three times, the next two twice, then once), then once on each of `others`. */
export function generateReports(
  reviews: readonly SeedDoc[],
  bookIds: readonly string[],
  members: readonly Member[],
  others: readonly { kind: ReportItemKind; id: string }[] = [],
): SeedDoc[] {
  const rng = streamFor('reports');
  const reporters: Reporter[] = [
    ...members
      .filter((m) => m.approval === 'approved' && m.active && !m.admin)
      .slice(0, 3)
      .map((m): Reporter => ({ kind: 'member', uid: m.uid })),
    { kind: 'visitor', client_hash: createHash('sha256').update('seed-visitor').digest('hex') },
  ];
  const items: { kind: ReportItemKind; id: string }[] = [
    ...reviews.slice(0, 3).map((review) => ({ kind: 'review' as const, id: review.id })),
    ...bookIds.slice(0, 2).map((id) => ({ kind: 'book' as const, id })),
    ...others,
  ];
  const docs: SeedDoc[] = [];
  items.forEach((item, index) => {
    const times = index === 0 ? 3 : index < 3 ? 2 : 1;
    for (const reporter of reporters.slice(0, times)) {
      docs.push({
        collection: 'reports',
        id: reportId({ kind: item.kind, itemId: item.id }, reporter),
        data: {
          item,
          item_key: reportItemKey(item.kind, item.id),
          reason: rng.pick(REASONS),
          note: rng.pick(NOTES),
          reporter,
          status: 'open',
          created_at: daysAgo(rng.int(0, 6), rng.int(0, 600)),
        },
      });
    }
  });
  return docs;
}
