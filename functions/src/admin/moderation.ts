// The moderation queue's callable (src/domain/admin/moderation.ts): the open reports
// grouped by item with the item shown in place, and the admin's actions on an
// item: dismiss, hide, restore, warn, deactivate. Admins only (guardedCall). Each
// action closes the item's open reports and writes its audit entry (the admin,
// the item, the reason) in one transaction with its change; the owner's mail
// (hide, warn) goes after the commit, in the site's mail template. Not behind
// the 'reviews' switch: reports already filed are handled whatever the switch says.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { profileCacheTag } from '../../../src/data/server/shared/cache-tags';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { editorialKey } from '../../../src/domain/editorial/editorial';
import {
  adminModerationRequestSchema,
  excerptOf,
  isHideable,
  MODERATION_MAIL,
  reportStatusAfter,
  type AdminModerationResponse,
  type ModerationAction,
  type ModerationItem,
  type ModerationQueueEntry,
} from '../../../src/domain/admin/moderation';
import {
  groupReports,
  REPORT_ITEM_COLLECTIONS,
  REPORT_ITEM_LABELS,
  REPORTS,
  reportItemKey,
  reportSchema,
  type ReportItemKind,
} from '../../../src/domain/reports/report';
import { bookVisibilityFields } from '../../../src/domain/accounts/visibility';
import { tryParseDoc } from '../../../src/data/firestore-convert';
import { db } from '../shared/firestore';
import { clearReviewDecision, recordReviewDecision } from '../reviews/review-decisions';
import { isStandingKind } from '../../../src/domain/shared/moderation-standing';
import { liftStandingFor, recordStanding } from './moderation-standing';
import { standingRef } from '../shared/moderation-hold';
import { guardedCall } from '../shared/guard';
import { mailBrand } from '../mail/brand';
import { memberMailAddress, memberMailName } from '../mail/member-address';
import { sendMail } from '../mail/send-mail';
import { composeMail } from '../mail/templates';
import { adTags, bookTags, productTags, purgeCacheTags } from '../shared/cache-purge';
import { refreshReviewVisibility } from '../reviews/save-review';
import { updateUser } from './users';
import { auditInTransaction } from '../shared/audit';

/** The most open reports the queue reads at once (the oldest first). */
const QUEUE_READ_LIMIT = 1000;

/** An item as the queue shows it, from its document (absent: removed). */
export function moderationItemOf(kind: ReportItemKind, snap: DocumentSnapshot | undefined): ModerationItem {
  const data = snap?.exists ? (snap.data() ?? {}) : null;
  if (!snap || !data)
    return { title: '(removed)', path: null, excerpt: '', ownerUid: null, hidden: false, exists: false };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const owner = typeof data.user_id === 'string' && data.user_id !== '' ? data.user_id : null;
  const hidden = data.moderation_hidden === true;
  const id = encodeURIComponent(snap.id);
  switch (kind) {
    case 'review': {
      const reviewer = text((data.reviewer as { display_name?: unknown } | undefined)?.display_name);
      return {
        title: `Review of "${text(data.book_title)}" by ${reviewer || 'a member'} (${String(data.rating)}/5)`,
        path: typeof data.book_id === 'string' ? `/book/${encodeURIComponent(data.book_id)}#reviews` : null,
        excerpt: excerptOf(data.text),
        ownerUid: owner,
        hidden,
        exists: true,
      };
    }
    case 'book':
      return {
        title: text(data.title),
        path: `/book/${id}`,
        excerpt: excerptOf(data.description),
        ownerUid: owner,
        hidden,
        exists: true,
      };
    case 'product':
      return {
        title: text(data.title),
        path: `/product-service/${id}`,
        excerpt: excerptOf(data.description),
        ownerUid: owner,
        hidden,
        exists: true,
      };
    case 'ad':
      return {
        title: text(data.title),
        path: `/classifieds/${id}`,
        excerpt: excerptOf(data.description),
        ownerUid: owner,
        hidden,
        exists: true,
      };
    case 'profile':
      return {
        title: text(data.display_name),
        path: data.page_slug ? `/profile/${encodeURIComponent(text(data.page_slug))}` : null,
        excerpt: excerptOf(data.about_me),
        ownerUid: snap.id,
        hidden: data.is_active === false,
        exists: true,
      };
    case 'update':
      return {
        title: `Update: ${text(data.title)}`,
        path: data.author_slug ? `/profile/${encodeURIComponent(text(data.author_slug))}#update-${id}` : null,
        excerpt: excerptOf(data.body),
        ownerUid: owner,
        hidden,
        exists: true,
      };
    case 'post':
      return {
        title: text(data.title),
        path: `/blog/${encodeURIComponent(editorialKey({ id: snap.id, slug: typeof data.slug === 'string' ? data.slug : null }))}`,
        excerpt: excerptOf(data.excerpt || data.content),
        ownerUid: null,
        hidden,
        exists: true,
      };
  }
}

/** The queue: open reports grouped by item (most reported, then longest waiting, first), each item read once. */
export async function moderationQueue(firestore: Firestore): Promise<ModerationQueueEntry[]> {
  const snap = await firestore
    .collection(REPORTS)
    .where('status', '==', 'open')
    .orderBy('created_at', 'asc')
    .limit(QUEUE_READ_LIMIT)
    .get();
  const reports = snap.docs.flatMap((doc) => {
    const report = tryParseDoc(reportSchema, doc);
    return report ? [report] : [];
  });
  const groups = groupReports(reports);
  if (groups.length === 0) return [];
  const items = await firestore.getAll(
    ...groups.map((group) => firestore.collection(REPORT_ITEM_COLLECTIONS[group.kind]).doc(group.id)),
  );
  return groups.map((group, index) => ({
    ...group,
    oldest: group.oldest.toISOString(),
    item: moderationItemOf(group.kind, items[index]),
  }));
}

/**
 * The on-demand pages that show an item, to purge when it is hidden or restored
 * (a blog post is pre-rendered, and its write rebuilds the site through the
 * publish pipeline's blog_posts trigger, as an admin's unpublish does). The
 * item triggers of functions/src/publish/cache-purge.ts purge the same tags on
 * the flag's write; purging here too makes the page go before the answer.
 */
function pageTags(kind: ReportItemKind, id: string, data: Record<string, unknown>): string[] {
  const owner = typeof data.user_id === 'string' ? data.user_id : undefined;
  if (kind === 'book') return bookTags(id, [owner]);
  if (kind === 'product') return productTags(id, [owner]);
  if (kind === 'ad') return adTags(id);
  // A review shows on its book's page and on its writer's profile.
  if (kind === 'review' && typeof data.book_id === 'string') return bookTags(data.book_id, [owner]);
  return owner ? [profileCacheTag(owner)] : [];
}

/**
 * Sets or clears the moderation flag on an item in `tx`, with a book's
 * denormalised visibility, so the collection's trigger has nothing to write back.
 * The write itself fans out: the trigger's market index, search change log and
 * publish handlers re-decide the item with the visibility rule, so it leaves (or
 * comes back to) the market, search and the pre-rendered blog.
 */
function setHidden(tx: Transaction, kind: ReportItemKind, item: DocumentSnapshot, hidden: boolean): void {
  if (kind === 'book') {
    const visibility = bookVisibilityFields(
      item.get('is_active') !== false,
      item.get('owner_public') === true,
      hidden,
    );
    tx.update(item.ref, { moderation_hidden: hidden, ...visibility });
  } else if (!hidden && isStandingKind(kind)) {
    // The moderator shows this item: a hold it got while hidden goes with the hide.
    tx.update(item.ref, { moderation_hidden: false, moderation_held: false, held_until: null });
  } else {
    tx.update(item.ref, { moderation_hidden: hidden });
  }
}

/** Mails the item's owner the admin's reason (hide, warn); false when they have no address we may mail. */
async function mailOwner(
  firestore: Firestore,
  ownerUid: string,
  action: 'hide' | 'warn',
  kind: ReportItemKind,
  item: ModerationItem,
  reason: string,
): Promise<boolean> {
  const to = await memberMailAddress(ownerUid);
  if (!to) return false;
  const brand = await mailBrand(firestore);
  const words = MODERATION_MAIL[action](REPORT_ITEM_LABELS[kind]);
  const content = composeMail(
    {
      subject: words.subject,
      name: await memberMailName(firestore, ownerUid),
      paragraphs: [words.lead, `${item.title}`, `The reason: ${reason}`],
      after: [`If you think this is a mistake, please reply through the ${brand.title} website.`],
      reason: `You received this email because an administrator of ${brand.title} reviewed reports about your ${REPORT_ITEM_LABELS[kind]}.`,
    },
    brand,
  );
  await sendMail({ to, ...content }, { stream: 'account' });
  return true;
}

/** Runs one action of the admin `actorUid` on an item, with `reason`. */
export async function moderate(
  firestore: Firestore,
  actorUid: string,
  request: { action: ModerationAction; kind: ReportItemKind; itemId: string; reason: string },
): Promise<AdminModerationResponse> {
  const { action, kind, itemId, reason } = request;
  if ((action === 'hide' || action === 'restore') && !isHideable(kind))
    throw new HttpsError('failed-precondition', `A ${REPORT_ITEM_LABELS[kind]} cannot be hidden here.`);
  const itemRef = firestore.collection(REPORT_ITEM_COLLECTIONS[kind]).doc(itemId);
  const openReports = firestore
    .collection(REPORTS)
    .where('item_key', '==', reportItemKey(kind, itemId))
    .where('status', '==', 'open');
  const status = reportStatusAfter(action);
  const outcome = await firestore.runTransaction(async (tx) => {
    const [item, reports] = await Promise.all([tx.get(itemRef), tx.get(openReports)]);
    const shown = moderationItemOf(kind, item);
    if (action !== 'dismiss' && !item.exists)
      throw new HttpsError('not-found', 'This item no longer exists.');
    if ((action === 'warn' || action === 'deactivate') && !shown.ownerUid)
      throw new HttpsError('failed-precondition', 'This item has no member to warn or deactivate.');
    if (action === 'deactivate' && shown.ownerUid === actorUid)
      throw new HttpsError('failed-precondition', 'You cannot deactivate your own account.');
    // An update's or ad's hide outlives the item too (moderation_standing): the member's
    // next ones are held. Restoring the item it names lifts it (read before any write).
    const owner = shown.ownerUid;
    const standing =
      action === 'restore' && isStandingKind(kind) && owner
        ? await tx.get(standingRef(firestore, owner, kind))
        : null;
    if (action === 'hide') setHidden(tx, kind, item, true);
    if (action === 'restore') setHidden(tx, kind, item, false);
    if (isStandingKind(kind) && owner) {
      if (action === 'hide')
        recordStanding(tx, firestore, { uid: owner, kind, itemId, decision: 'hidden', by: actorUid });
      if (action === 'restore' && standing) liftStandingFor(tx, standing, itemId);
    }
    // A review's hide outlives the review (review_decisions): deleting it and posting
    // again lands in the held queue. Restoring lifts it.
    const bookId = item.get('book_id');
    const uid = item.get('user_id');
    if (kind === 'review' && typeof bookId === 'string' && typeof uid === 'string') {
      if (action === 'hide') recordReviewDecision(tx, firestore, bookId, uid, 'hidden');
      if (action === 'restore') clearReviewDecision(tx, firestore, bookId, uid);
    }
    if (status) reports.docs.forEach((doc) => tx.update(doc.ref, { status }));
    auditInTransaction(tx, firestore, {
      actorUid,
      action: `moderation-${action}`,
      targetUid: shown.ownerUid,
      before: action === 'hide' || action === 'restore' ? { moderation_hidden: shown.hidden } : null,
      after: {
        item_kind: kind,
        item_id: itemId,
        item_title: shown.title,
        reason,
        reports_closed: status ? reports.size : 0,
        ...(action === 'hide' || action === 'restore' ? { moderation_hidden: action === 'hide' } : {}),
      },
    });
    return { shown, data: item.data() ?? {}, closed: status ? reports.size : 0 };
  });

  if (kind === 'review' && (action === 'hide' || action === 'restore'))
    // The review's shown flag and its book's totals follow the moderation flag.
    await refreshReviewVisibility(firestore, itemRef.path);
  if (action === 'deactivate' && outcome.shown.ownerUid)
    await updateUser(firestore, actorUid, outcome.shown.ownerUid, { is_active: false }, 'set-active');
  if (action === 'hide' || action === 'restore') await purgeCacheTags(pageTags(kind, itemId, outcome.data));

  let mailed = false;
  if ((action === 'hide' || action === 'warn') && outcome.shown.ownerUid) {
    try {
      mailed = await mailOwner(firestore, outcome.shown.ownerUid, action, kind, outcome.shown, reason);
    } catch (error) {
      logger.error('adminModeration: the owner could not be mailed', { action, kind, itemId, error });
    }
  }
  return { done: action, reportsClosed: outcome.closed, mailed };
}

/**
 * The admin dashboard's Reports section, for admins only. Request:
 * adminModerationRequestSchema ({ action: 'list' } or an action on an item with
 * the admin's reason). Errors: unauthenticated / permission-denied,
 * invalid-argument, not-found (the item is gone), failed-precondition (a kind
 * that cannot be hidden, an item without a member, the admin's own account).
 */
export const adminModeration = guardedCall(
  'admin',
  async (request, caller): Promise<AdminModerationResponse> => {
    const parsed = adminModerationRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    try {
      if (parsed.data.action === 'list') return { queue: await moderationQueue(db()) };
      return await moderate(db(), caller.uid, parsed.data);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminModeration failed', { action: parsed.data.action, error });
      throw new HttpsError('internal', 'The action failed. Please try again.');
    }
  },
);
