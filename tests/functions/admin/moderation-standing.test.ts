// A moderator's hide of an author update or a classified ad outlives the item
// (moderation_standing, src/domain/shared/moderation-standing.ts), on the emulators:
// the member deletes what was hidden and posts it again, and it is held (not on any
// page, not in the market, not mailed) until an admin releases it; an ad whose text
// is edited while the decision stands is held too; the period's end, and the restore
// of the hidden item, let go; only admins list, release or reject held items, each
// decision in the audit log. Every test uses members of its own and restores the
// settings fields it changes, so nothing here empties the shared project.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredHolds } from '../../../functions/src/admin/moderation-standing';
import {
  deliverUpdateBatch,
  releaseUpdate,
  type UpdateMailDeps,
} from '../../../functions/src/follows/update-mail';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import type { AdminHeldItemsResponse } from '../../../src/domain/admin/admin-held-items';
import type { AdminModerationResponse } from '../../../src/domain/admin/moderation';
import { MODERATION_STANDING, standingId } from '../../../src/domain/shared/moderation-standing';
import type { SaveItemResponse } from '../../../src/domain/items/item-save';
import { MARKET_COLLECTION, marketEntryId } from '../../../src/domain/market/market-entry';
import type { MemberAnalytics } from '../../../src/domain/members/member-stats';
import type { PostAuthorUpdateResponse } from '../../../src/domain/updates/author-update';
import { emailFollowId } from '../../../src/domain/follows/follows';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { getPublicAd } from '../../../src/data/server/market/classified-ads';
import { getAuthorUpdates } from '../../../src/data/server/updates/author-updates';
import { adminDb, eventually, uniqueId } from '../helpers/emulator';
import { recordingMailDeps } from '../helpers/mail-deps';
import { classifiedAdForm } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const DAY = 24 * 3600 * 1000;

// The update mail's trigger stays off (follows switch off): these tests release and deliver themselves.
const settings = db.doc('site_settings/main');
let earlier: { early_access?: unknown; moderation_hold_days?: unknown } = {};
beforeAll(async () => {
  const stored = (await settings.get()).data() ?? {};
  earlier = { early_access: stored.early_access, moderation_hold_days: stored.moderation_hold_days };
  await settings.set({ early_access: { follows: 'off' } }, { merge: true });
});
afterAll(async () => {
  const { FieldValue } = await import('firebase-admin/firestore');
  await settings.set(
    {
      early_access: earlier.early_access ?? FieldValue.delete(),
      moderation_hold_days: earlier.moderation_hold_days ?? FieldValue.delete(),
    },
    { merge: true },
  );
});

const moderate = (admin: Member, action: 'hide' | 'restore', kind: 'ad' | 'update', itemId: string) =>
  callAs<AdminModerationResponse>('adminModeration', admin, { action, kind, itemId, reason: 'Spam' });
const heldItems = (caller: Member | undefined, data: Record<string, unknown>) =>
  callAs<AdminHeldItemsResponse>('adminHeldItems', caller, data);
const postUpdate = (member: Member, title: string) =>
  callAs<PostAuthorUpdateResponse>('postAuthorUpdate', member, { title, body: 'Buy my book today.' });
const saveAd = (member: Member, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveClassifiedAd', member, data);

/** An ad a moderator would hide, as the ad form sends it. */
const adForm = (overrides: Record<string, unknown> = {}) =>
  classifiedAdForm({
    title: 'Cheap followers',
    description: 'Ten thousand followers for your author page.',
    price: 5,
    tags: [],
    ...overrides,
  });

const standingOf = async (uid: string, kind: 'ad' | 'update') =>
  (await db.collection(MODERATION_STANDING).doc(standingId(uid, kind)).get()).data();
const inMarket = async (adId: string) =>
  (await db.collection(MARKET_COLLECTION).doc(marketEntryId('classified_ads', adId)).get()).exists;

async function deliverAll(deps: UpdateMailDeps, updateId: string) {
  const batches = await db.collection(`update_mail/${updateId}/batches`).get();
  for (const batch of batches.docs) await deliverUpdateBatch(deps, updateId, batch.id);
}

async function emailFollower(authorUid: string): Promise<string> {
  const email = `${uniqueId('fan')}@example.com`;
  await db.doc(`follows/${emailFollowId(authorUid, emailHash(email))}`).set({
    author_uid: authorUid,
    follower: { kind: 'email', email },
    mode: 'instant',
    created_at: Timestamp.now(),
  });
  return email;
}

let admin: Member;
beforeAll(async () => {
  admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
});

describe('author updates under a standing decision', () => {
  it('a hidden update deleted and posted again is held: not on the profile, not mailed, and the author is told; released, it is shown and mailed', async () => {
    const author = await makeMember({ profile: { display_name: 'Spam Author' } });
    await emailFollower(author.uid);
    const first = await postUpdate(author, 'Flash sale');
    expect(first.result?.held).toBe(false);
    expect((await moderate(admin, 'hide', 'update', first.result!.id)).error).toBeUndefined();
    expect(await standingOf(author.uid, 'update')).toMatchObject({
      item_id: first.result!.id,
      decision: 'hidden',
      decided_by: admin.uid,
    });

    // The attack: delete the hidden update and post it again.
    expect((await callAs('deleteAuthorUpdate', author, { id: first.result!.id })).error).toBeUndefined();
    const again = await postUpdate(author, 'Flash sale');
    expect(again.error).toBeUndefined();
    expect(again.result?.held).toBe(true);
    const id = again.result!.id;
    expect((await db.doc(`author_updates/${id}`).get()).get('moderation_held')).toBe(true);
    expect((await getAuthorUpdates(author.uid, 10, db)).map((update) => update.id)).not.toContain(id);
    const { deps, mailed } = recordingMailDeps();
    expect(await releaseUpdate(deps, id)).toEqual({ released: false, recipientCount: 0 });
    expect(mailed).toHaveLength(0);
    // The author's own list says it waits for a moderator.
    const analytics = await callAs<MemberAnalytics>('memberAnalytics', author, {});
    expect(analytics.result?.updates).toEqual([expect.objectContaining({ id, state: 'held' })]);

    // The admin's queue shows it; releasing it shows it and lets its mail go.
    const listed = await heldItems(admin, { action: 'list', kind: 'update' });
    expect(
      listed.result && 'items' in listed.result ? listed.result.items.map((item) => item.id) : [],
    ).toContain(id);
    expect((await heldItems(admin, { action: 'release', kind: 'update', id, reason: '' })).result).toEqual({
      action: 'release',
      decided: true,
    });
    expect((await db.doc(`author_updates/${id}`).get()).get('moderation_held')).toBe(false);
    expect((await getAuthorUpdates(author.uid, 10, db)).map((update) => update.id)).toContain(id);
    expect((await releaseUpdate(deps, id)).released).toBe(true);
    await deliverAll(deps, id);
    expect(mailed).toHaveLength(1);
    const audit = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('action', '==', 'held-item-release')
      .get();
    expect(audit.docs.map((doc) => doc.get('after.item_id'))).toContain(id);
    // The decision stands: the next update is held too.
    expect((await postUpdate(author, 'Another sale')).result?.held).toBe(true);
  }, 120_000);

  it('once the period has passed, a held update is released (and mailed) and the next one is not held', async () => {
    const author = await makeMember();
    const first = await postUpdate(author, 'Loud news');
    await moderate(admin, 'hide', 'update', first.result!.id);
    const held = await postUpdate(author, 'Loud news again');
    expect(held.result?.held).toBe(true);
    const until = (
      (await db.doc(`author_updates/${held.result!.id}`).get()).get('held_until') as Timestamp
    ).toDate();
    expect(Math.round((until.getTime() - Date.now()) / DAY)).toBe(30);

    await releaseExpiredHolds(db, new Date(Date.now() + 31 * DAY));
    expect((await db.doc(`author_updates/${held.result!.id}`).get()).get('moderation_held')).toBe(false);
    expect((await getAuthorUpdates(author.uid, 10, db)).map((update) => update.id)).toContain(
      held.result!.id,
    );
    expect((await releaseUpdate(recordingMailDeps().deps, held.result!.id)).released).toBe(true);

    // The decision itself is over after the period the site sets (7 days here).
    await settings.set({ moderation_hold_days: 7 }, { merge: true });
    await db
      .collection(MODERATION_STANDING)
      .doc(standingId(author.uid, 'update'))
      .update({ decided_at: Timestamp.fromMillis(Date.now() - 8 * DAY) });
    expect((await postUpdate(author, 'Quiet news')).result?.held).toBe(false);
    await settings.set({ moderation_hold_days: 30 }, { merge: true });
  }, 120_000);
});

describe('classified ads under a standing decision', () => {
  it('an ad hidden, deleted and created again is held: no page, not in the market; released, it is listed', async () => {
    const seller = await makeMember();
    const first = await saveAd(seller, { userId: seller.uid, ad: adForm() });
    const firstId = first.result!.id;
    await eventually(() => inMarket(firstId), Boolean);
    expect((await moderate(admin, 'hide', 'ad', firstId)).error).toBeUndefined();
    expect(await standingOf(seller.uid, 'ad')).toMatchObject({ item_id: firstId, decision: 'hidden' });

    // The attack: delete the hidden ad and post it again.
    expect((await callAs('deleteClassifiedAd', seller, { id: firstId })).error).toBeUndefined();
    const again = await saveAd(seller, { userId: seller.uid, ad: adForm() });
    expect(again.error).toBeUndefined();
    expect(again.result?.held).toBe(true);
    const id = again.result!.id;
    expect(await getPublicAd(id, db)).toBeNull();

    // Release: an admin lets it go, the market lists it, the audit log says who.
    expect(
      (await heldItems(admin, { action: 'release', kind: 'ad', id, reason: 'Fine now' })).result,
    ).toEqual({
      action: 'release',
      decided: true,
    });
    expect(await eventually(() => inMarket(id), Boolean)).toBe(true);
    expect(await getPublicAd(id, db)).not.toBeNull();
    // It was never in the market while held: the release is what put it there.
    const audit = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('action', '==', 'held-item-release')
      .get();
    expect(audit.docs.find((doc) => doc.get('after.item_id') === id)?.get('actor_uid')).toBe(admin.uid);
  }, 120_000);

  it('an ad whose text is edited while a decision stands is held and leaves the market; an unchanged save of a shown ad is not', async () => {
    const seller = await makeMember();
    const shown = (
      await saveAd(seller, {
        userId: seller.uid,
        ad: adForm({ title: 'Oak stand', description: 'A sturdy oak stand for heavy art books.' }),
      })
    ).result!.id;
    const hidden = (await saveAd(seller, { userId: seller.uid, ad: adForm() })).result!.id;
    await eventually(() => inMarket(shown), Boolean);
    await moderate(admin, 'hide', 'ad', hidden);

    expect(
      (
        await saveAd(seller, {
          adId: shown,
          ad: adForm({ title: 'Oak stand', description: 'A sturdy oak stand for heavy art books.' }),
        })
      ).result?.held,
    ).toBe(false);
    expect(await getPublicAd(shown, db)).not.toBeNull();
    // The attack: rewrite an ad that is already shown.
    const edited = await saveAd(seller, {
      adId: shown,
      ad: adForm({ title: 'Oak stand', description: 'Ten thousand followers for your author page.' }),
    });
    expect(edited.result?.held).toBe(true);
    expect(await getPublicAd(shown, db)).toBeNull();
    expect(
      await eventually(
        () => inMarket(shown),
        (listed) => !listed,
      ),
    ).toBe(false);
    // A new contact address is an edit too.
    const other = (await db.doc(`classified_ads/${shown}`).get()).get('moderation_held');
    expect(other).toBe(true);
  }, 120_000);

  it('restoring the hidden ad lifts the decision: the next ad is not held; a rejected one is deleted and renews it', async () => {
    const seller = await makeMember();
    const hiddenId = (await saveAd(seller, { userId: seller.uid, ad: adForm() })).result!.id;
    await moderate(admin, 'hide', 'ad', hiddenId);
    const held = (await saveAd(seller, { userId: seller.uid, ad: adForm({ title: 'Second try' }) })).result!;
    expect(held.held).toBe(true);

    // Reject: deleted, and the decision now names the rejected ad.
    expect(
      (await heldItems(admin, { action: 'reject', kind: 'ad', id: held.id, reason: 'Same spam' })).result,
    ).toEqual({ action: 'reject', decided: true });
    expect((await db.doc(`classified_ads/${held.id}`).get()).exists).toBe(false);
    expect((await db.doc(`classified_ads/${held.id}/private/contact`).get()).exists).toBe(false);
    expect(await standingOf(seller.uid, 'ad')).toMatchObject({ item_id: held.id, decision: 'rejected' });
    // A second decision on an item no longer held changes nothing.
    expect(
      (await heldItems(admin, { action: 'release', kind: 'ad', id: held.id, reason: '' })).result,
    ).toEqual({
      action: 'release',
      decided: false,
    });

    // Restoring an item the decision does not name leaves it; restoring the one it names lifts it.
    const third = (await saveAd(seller, { userId: seller.uid, ad: adForm({ title: 'Third' }) })).result!;
    expect(third.held).toBe(true);
    await moderate(admin, 'hide', 'ad', third.id);
    expect((await moderate(admin, 'restore', 'ad', hiddenId)).error).toBeUndefined();
    expect(await standingOf(seller.uid, 'ad')).toBeDefined();
    expect((await moderate(admin, 'restore', 'ad', third.id)).error).toBeUndefined();
    expect(await standingOf(seller.uid, 'ad')).toBeUndefined();
    // The restored ad is shown (its hold went with the hide), and the next ad is not held.
    expect((await db.doc(`classified_ads/${third.id}`).get()).get('moderation_held')).toBe(false);
    expect((await saveAd(seller, { userId: seller.uid, ad: adForm({ title: 'Fourth' }) })).result?.held).toBe(
      false,
    );
  }, 120_000);
});

describe('adminHeldItems by actor', () => {
  it('a visitor, a member, the seller and a self-styled Admin cannot list, release or reject; the item stays held', async () => {
    const seller = await makeMember();
    const hiddenId = (await saveAd(seller, { userId: seller.uid, ad: adForm() })).result!.id;
    await moderate(admin, 'hide', 'ad', hiddenId);
    const id = (await saveAd(seller, { userId: seller.uid, ad: adForm() })).result!.id;
    const member = await makeMember();
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    for (const caller of [undefined, member, seller, selfStyled]) {
      expect((await heldItems(caller, { action: 'list', kind: 'ad' })).error).toBeDefined();
      expect(
        (await heldItems(caller, { action: 'release', kind: 'ad', id, reason: '' })).error,
      ).toBeDefined();
      expect(
        (await heldItems(caller, { action: 'reject', kind: 'ad', id, reason: 'x' })).error,
      ).toBeDefined();
    }
    expect((await db.doc(`classified_ads/${id}`).get()).get('moderation_held')).toBe(true);
    // An admin must give a reason to reject.
    expect((await heldItems(admin, { action: 'reject', kind: 'ad', id, reason: '' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
  }, 120_000);
});
