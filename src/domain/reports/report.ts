/**
 * Reports: anyone (a visitor or a member) flags a profile, book, product/service,
 * classified ad, review or blog post for the admins, with a reason from a short
 * list and an optional plain-text note. Stored in `reports` (server-only: no
 * client reads or writes it, firestore.rules has a closed match) by POST
 * /api/report, one document per reporter per item (reportId), so a reporter has
 * at most one open report on an item. Reporting is always available, whatever the
 * early-access switches say. The moderation queue groups open reports by item (groupReports).
 */
import { z } from 'zod';
import type { ThrottleLimit } from '../shared/throttle.ts';
import { isItemPublic, isOwnerPublic, isPostPublic, ownerVisibilityOf } from '../accounts/visibility.ts';
import { isReadableBook } from '../accounts/visibility.ts';

/** reports/{reportId}: one reporter's report on one item. */
export const REPORTS = 'reports';

const HOUR_MS = 60 * 60 * 1000;

/** Reports a client may send: 10 an hour and 30 a day, whoever they are signed in as. */
export const REPORT_LIMITS_PER_CLIENT: readonly ThrottleLimit[] = [
  { max: 10, windowMs: HOUR_MS },
  { max: 30, windowMs: 24 * HOUR_MS },
];

/** The reasons a reporter picks from, with the label the form shows. */
export const REPORT_REASONS = {
  spam: 'Spam or scam',
  offensive: 'Offensive',
  rights: 'Infringes rights',
  wrong: 'Wrong information',
  other: 'Other',
} as const;
/** A report's reason. */
export type ReportReason = keyof typeof REPORT_REASONS;
/** The reasons in the order the form lists them. */
export const REPORT_REASON_IDS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** What can be reported, with the Firestore collection that holds it. */
export const REPORT_ITEM_COLLECTIONS = {
  profile: 'profiles',
  book: 'books',
  product: 'products_services',
  ad: 'classified_ads',
  review: 'book_reviews',
  post: 'blog_posts',
  update: 'author_updates',
} as const;
/** A kind of reportable item. */
export type ReportItemKind = keyof typeof REPORT_ITEM_COLLECTIONS;
/** The item kinds. */
export const REPORT_ITEM_KINDS = Object.keys(REPORT_ITEM_COLLECTIONS) as [
  ReportItemKind,
  ...ReportItemKind[],
];

/** The other document whose state decides whether an item is public: a product's, ad's or update's owner, a review's book. */
export interface ReportItemDependency {
  collection: 'profiles' | 'books';
  id: string;
}

/** What besides the item itself must be read to tell whether a visitor can see it; null when nothing. */
export function reportItemDependency(
  kind: ReportItemKind,
  item: Record<string, unknown>,
): ReportItemDependency | null {
  const field =
    kind === 'product' || kind === 'ad' || kind === 'update'
      ? item.user_id
      : kind === 'review'
        ? item.book_id
        : null;
  if (typeof field !== 'string' || field === '') return null;
  return { collection: kind === 'review' ? 'books' : 'profiles', id: field };
}

/**
 * Whether a visitor can see the item, which is what may be reported: a report of
 * anything else (a held or hidden review, a review of a book that is not public, a
 * draft or hidden post, a pending or deactivated member, a disabled or hidden item,
 * an item of a member who is not public) is answered as for a missing item and
 * files nothing, so the answer tells nobody what exists behind the public pages.
 * `dependency` is the document reportItemDependency named, when there is one.
 */
export function isReportableItem(
  kind: ReportItemKind,
  item: Record<string, unknown> | undefined,
  dependency: Record<string, unknown> | undefined,
): boolean {
  if (!item) return false;
  switch (kind) {
    case 'profile':
      return isOwnerPublic(ownerVisibilityOf(item));
    case 'book':
      return isReadableBook(item);
    case 'product':
    case 'ad':
      return isItemPublic(
        {
          is_active: item.is_active === true,
          moderation_hidden: item.moderation_hidden === true,
          moderation_held: item.moderation_held === true,
        },
        ownerVisibilityOf(dependency),
      );
    case 'review':
      return (
        item.reviewer_public === true &&
        item.moderation !== 'held' &&
        item.moderation_hidden !== true &&
        isReadableBook(dependency)
      );
    case 'post':
      return isPostPublic({
        is_published: item.is_published === true,
        moderation_hidden: item.moderation_hidden === true,
      });
    case 'update':
      return (
        item.moderation_hidden !== true &&
        item.moderation_held !== true &&
        isOwnerPublic(ownerVisibilityOf(dependency))
      );
  }
}

/** How each kind is named to a reporter and in the queue. */
export const REPORT_ITEM_LABELS: Record<ReportItemKind, string> = {
  profile: 'profile',
  book: 'book',
  product: 'product or service',
  ad: 'classified ad',
  review: 'review',
  post: 'blog post',
  update: 'update to followers',
};

/** The longest note, in characters. */
export const REPORT_NOTE_MAX = 500;

export const REPORT_REASON_MESSAGE = 'Please choose a reason.';
export const REPORT_NOTE_MESSAGE = `Please keep the note under ${REPORT_NOTE_MAX} characters.`;

/**
 * A note as stored: plain text (it is only ever shown escaped), NFC, control
 * characters other than line breaks and tabs dropped, lines trimmed at the ends,
 * at most two blank lines in a row.
 */
export function sanitizeReportNote(note: string): string {
  return (
    note
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A Firestore document id of a reportable item (no slash, not '.' or '..'). */
export const reportItemIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);

/** The note as the form takes it: optional, sanitised, length-limited. */
export const reportNoteSchema = z
  .string()
  .max(REPORT_NOTE_MAX * 2, REPORT_NOTE_MESSAGE)
  .transform(sanitizeReportNote)
  .pipe(z.string().max(REPORT_NOTE_MAX, REPORT_NOTE_MESSAGE))
  .optional()
  .default('');

/** A report as sent by the form and the island; the same schema checks both and the endpoint. */
export const reportRequestSchema = z.strictObject({
  /** What kind of item. */
  kind: z.enum(REPORT_ITEM_KINDS),
  /** The item's document id. */
  itemId: reportItemIdSchema,
  /** Why. */
  reason: z.enum(REPORT_REASON_IDS, { error: REPORT_REASON_MESSAGE }),
  /** Anything the reporter adds (optional). */
  note: reportNoteSchema,
});
/** A parsed report request. */
export type ReportRequest = z.output<typeof reportRequestSchema>;
/** A report request as sent. */
export type ReportRequestInput = z.input<typeof reportRequestSchema>;

/** The request from the flat fields of a form post (kind, itemId, reason, note). */
export function reportRequestFromForm(fields: Record<string, unknown>): unknown {
  const { kind, itemId, reason, note } = fields;
  return { kind, itemId, reason, ...(note === undefined ? {} : { note }) };
}

/** Who reported: a member by uid, a visitor by a hash of their client address. */
export const reporterSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('member'), uid: z.string().min(1) }),
  z.strictObject({ kind: z.literal('visitor'), client_hash: z.string().regex(/^[0-9a-f]{64}$/) }),
]);
/** Who reported. */
export type Reporter = z.infer<typeof reporterSchema>;

/** A report's state: open until an admin acts on its item. */
export const reportStatusSchema = z.enum(['open', 'dismissed', 'actioned']);

/** A stored report, reports/{reportId}. */
export const reportSchema = z
  .object({
    /** The reported item. */
    item: z.object({ kind: z.enum(REPORT_ITEM_KINDS), id: z.string() }),
    /** `${kind}:${id}`, one value to query an item's reports by. */
    item_key: z.string(),
    reason: z.enum(REPORT_REASON_IDS),
    /** Sanitised plain text; '' when none. Shown only escaped. */
    note: z.string(),
    reporter: reporterSchema,
    status: reportStatusSchema,
    created_at: z.date(),
  })
  .describe('reports');
/** A stored report. */
export type Report = z.infer<typeof reportSchema>;

/** The key that names an item in reports and the queue. */
export function reportItemKey(kind: ReportItemKind, id: string): string {
  return `${kind}:${id}`;
}

/** The key that names a reporter in a report's id. */
export function reporterKey(reporter: Reporter): string {
  return reporter.kind === 'member' ? `member:${reporter.uid}` : `visitor:${reporter.client_hash}`;
}

/** The answers of POST /api/report, with the result page's text (GET /report?result=…). */
export const REPORT_RESULTS = {
  sent: { title: 'Thank you', body: 'Your report was sent. Our team will look at it.' },
  already: {
    title: 'Already reported',
    body: 'You have already reported this. Our team will look at it.',
  },
  invalid: { title: 'Your report was not sent', body: REPORT_REASON_MESSAGE },
  unavailable: { title: 'Your report was not sent', body: 'This cannot be reported.' },
  'too-many': {
    title: 'Your report was not sent',
    body: 'Too many reports from your connection. Please try again later.',
  },
  'cross-site': { title: 'Your report was not sent', body: 'Reports are accepted only from this site.' },
  failed: {
    title: 'Your report was not sent',
    body: 'Something went wrong. Please try again in a moment.',
  },
} as const;
/** A result of a report request. */
export type ReportResult = keyof typeof REPORT_RESULTS;

/** The message for a refused request: the note's when the note is at fault, else the reason's. */
export function reportErrorMessage(error: z.ZodError): string {
  return error.issues.some((issue) => issue.path[0] === 'note') ? REPORT_NOTE_MESSAGE : REPORT_REASON_MESSAGE;
}

/** One item's open reports, as the moderation queue shows them. */
export interface ReportGroup {
  kind: ReportItemKind;
  id: string;
  /** How many open reports. */
  count: number;
  /** When the oldest open report came. */
  oldest: Date;
  /** How many chose each reason. */
  reasons: Partial<Record<ReportReason, number>>;
  /** The notes, newest first, empty ones left out. */
  notes: string[];
}

/**
 * Open reports grouped by item: the most reported first, and among equals the
 * one waiting longest first (then by key, so the order is stable).
 */
export function groupReports(
  reports: readonly Pick<Report, 'item' | 'reason' | 'note' | 'status' | 'created_at'>[],
): ReportGroup[] {
  const groups = new Map<string, ReportGroup & { latest: { at: number; note: string }[] }>();
  for (const report of reports) {
    if (report.status !== 'open') continue;
    const key = reportItemKey(report.item.kind, report.item.id);
    let group = groups.get(key);
    if (!group) {
      group = {
        kind: report.item.kind,
        id: report.item.id,
        count: 0,
        oldest: report.created_at,
        reasons: {},
        notes: [],
        latest: [],
      };
      groups.set(key, group);
    }
    group.count += 1;
    if (report.created_at < group.oldest) group.oldest = report.created_at;
    group.reasons[report.reason] = (group.reasons[report.reason] ?? 0) + 1;
    if (report.note) group.latest.push({ at: report.created_at.getTime(), note: report.note });
  }
  return [...groups.values()]
    .map(({ latest, ...group }) => ({
      ...group,
      notes: latest.sort((a, b) => b.at - a.at).map((entry) => entry.note),
    }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.oldest.getTime() - b.oldest.getTime() ||
        reportItemKey(a.kind, a.id).localeCompare(reportItemKey(b.kind, b.id)),
    );
}
