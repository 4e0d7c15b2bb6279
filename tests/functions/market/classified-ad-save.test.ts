// saveClassifiedAd and deleteClassifiedAd on the emulators, by actor × operation:
// the seller in good standing posts, edits and deletes their ads (the contact
// details written beside the ad in the same transaction, never on it); another
// member, a pending or unverified seller and a visitor are refused; forged fields
// are ignored; bad input is refused with the form's message and nothing written;
// only an admin switches is_active and is_featured, alone or with an edit; no save
// writes or clears the moderation flag; an admin's switch leaves an entry in the
// admins' audit log, and an ad switched off leaves the marketplace and its page.
// Every test works in members of its own, so nothing here empties the shared project.
import { describe, expect, it } from 'vitest';
import { CLASSIFIED_MESSAGES } from '../../../src/domain/market/classified-ad';
import { ITEM_MESSAGES, type SaveItemResponse } from '../../../src/domain/items/item-save';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { MARKET_COLLECTION, marketEntryId } from '../../../src/domain/market/market-entry';
import { getPublicAd } from '../../../src/data/server/market/classified-ads';
import { adminDb, eventually } from '../helpers/emulator';
import { classifiedAdForm } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const save = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveClassifiedAd', member, data);
const remove = (member: Member | undefined, id: string) =>
  callAs<{ id: string }>('deleteClassifiedAd', member, { id });

/** The ad form's values as the browser sends them (after the form's own parsing). */
const form = classifiedAdForm;

const adDoc = (id: string) => db.doc(`classified_ads/${id}`);
const contactOf = async (id: string) => (await db.doc(`classified_ads/${id}/private/contact`).get()).data();

/** An ad stored for `uid` as the seed or an earlier save left it. */
async function storedAd(uid: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const ref = await db.collection('classified_ads').add({
    user_id: uid,
    title: 'Stored shelf',
    description: 'A plain pine shelf for paperbacks.',
    category: 'storage-organization',
    currency: 'USD',
    contact_method: 'message',
    is_service: false,
    tags: [],
    is_active: true,
    is_featured: false,
    views_count: 7,
    moderation_hidden: false,
    created_at: new Date('2026-01-05T10:00:00Z'),
    ...overrides,
  });
  await ref.collection('private').doc('contact').set({ contact_info: 'old@example.com' });
  return ref.id;
}

describe('saveClassifiedAd: posting', () => {
  it('a seller in good standing posts an ad: active, not featured, no views, theirs; the contact details beside it; forged fields ignored', async () => {
    const seller = await makeMember();
    const other = await makeMember();
    const answer = await save(seller, {
      ad: form({ is_featured: true, views_count: 900, user_id: other.uid, moderation_hidden: true }),
    });
    expect(answer.error).toBeUndefined();
    const id = answer.result!.id;
    const stored = (await adDoc(id).get()).data()!;
    expect(stored).toMatchObject({
      title: 'Oak book stand',
      user_id: seller.uid,
      is_active: true,
      is_featured: false,
      views_count: 0,
      price: 25,
      tags: ['oak'],
    });
    expect(stored).not.toHaveProperty('contact_info');
    expect(stored.moderation_hidden ?? false).toBe(false);
    expect(stored.created_at).toBeDefined();
    expect(await contactOf(id)).toEqual({ contact_info: 'seller@example.com' });
  });

  it('a visitor, a pending, denied or unverified seller and one posting in another’s name are refused, writing nothing', async () => {
    const owner = await makeMember();
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    const denied = await makeMember({ profile: { approval_status: 'denied' } });
    const unverified = await makeMember({ verified: false });
    expect((await save(undefined, { ad: form() })).error?.status).toBe('UNAUTHENTICATED');
    for (const member of [pending, denied, unverified])
      expect((await save(member, { ad: form() })).error?.status).toBe('PERMISSION_DENIED');
    const other = await makeMember();
    expect((await save(other, { userId: owner.uid, ad: form() })).error?.message).toBe(
      ITEM_MESSAGES.notAllowed,
    );
    for (const uid of [owner.uid, pending.uid, denied.uid, unverified.uid, other.uid]) {
      const count = (await db.collection('classified_ads').where('user_id', '==', uid).count().get()).data();
      expect(count.count).toBe(0);
    }
  });

  it('refuses bad input with the form’s message, writing nothing', async () => {
    const seller = await makeMember();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, CLASSIFIED_MESSAGES.titleRequired],
      [{ description: 'Too short' }, CLASSIFIED_MESSAGES.descriptionTooShort],
      [{ category: '' }, CLASSIFIED_MESSAGES.categoryRequired],
      [{ contact_method: 'pigeon' }, CLASSIFIED_MESSAGES.contactMethodRequired],
      [{ price: -1 }, CLASSIFIED_MESSAGES.pricePositive],
      [{ image_url: 'javascript:alert(1)' }, ''],
      [{ currency: 'JPY' }, ''],
    ];
    for (const [overrides, message] of cases) {
      const error = (await save(seller, { ad: form(overrides) })).error;
      expect(error?.status, JSON.stringify(overrides)).toBe('INVALID_ARGUMENT');
      if (message) expect(error?.message).toContain(message);
    }
    expect((await save(seller, {})).error?.status).toBe('INVALID_ARGUMENT');
    const count = (
      await db.collection('classified_ads').where('user_id', '==', seller.uid).count().get()
    ).data();
    expect(count.count).toBe(0);
  });

  it('takes the seller’s own photo upload, refuses another member’s', async () => {
    const seller = await makeMember();
    const other = await makeMember();
    const theirs = `/media/${other.uid}/ad-images/x9Y8/w640.webp`;
    expect((await save(seller, { ad: form({ image_url: theirs }) })).error?.status).toBe('PERMISSION_DENIED');
    const mine = `/media/${seller.uid}/ad-images/x9Y8/w640.webp`;
    const answer = await save(seller, { ad: form({ image_url: mine }) });
    expect(answer.error).toBeUndefined();
    expect((await adDoc(answer.result!.id).get()).get('image_url')).toBe(mine);
  });

  it('ads count against no plan limit: a free seller posts a fourth', async () => {
    const seller = await makeMember();
    for (let i = 0; i < 3; i++) await storedAd(seller.uid);
    expect((await save(seller, { ad: form() })).error).toBeUndefined();
  });
});

describe('saveClassifiedAd: editing', () => {
  it('the seller replaces the content and contact details; views, activity and the moderation flag stay', async () => {
    const seller = await makeMember();
    const id = await storedAd(seller.uid, { moderation_hidden: true, views_count: 12 });
    const answer = await save(seller, {
      adId: id,
      ad: form({ title: 'Renamed stand', contact_info: '', is_active: false }),
    });
    expect(answer.error).toBeUndefined();
    expect((await adDoc(id).get()).data()).toMatchObject({
      title: 'Renamed stand',
      user_id: seller.uid,
      is_active: true,
      views_count: 12,
      moderation_hidden: true,
    });
    expect(await contactOf(id)).toEqual({ contact_info: null });
  });

  it('another member and a visitor cannot edit the ad; the seller cannot switch it', async () => {
    const seller = await makeMember();
    const other = await makeMember();
    const id = await storedAd(seller.uid);
    expect((await save(other, { adId: id, ad: form({ title: 'Mine now' }) })).error?.message).toBe(
      ITEM_MESSAGES.notAllowed,
    );
    expect((await save(undefined, { adId: id, ad: form() })).error?.status).toBe('UNAUTHENTICATED');
    expect((await save(seller, { adId: id, admin: { is_featured: true } })).error?.message).toBe(
      ITEM_MESSAGES.notAllowed,
    );
    expect((await save(seller, { adId: id, ad: form(), admin: { is_active: false } })).error?.message).toBe(
      ITEM_MESSAGES.notAllowed,
    );
    expect((await adDoc(id).get()).data()).toMatchObject({
      title: 'Stored shelf',
      is_featured: false,
      is_active: true,
    });
    expect(await contactOf(id)).toEqual({ contact_info: 'old@example.com' });
  });

  it('an admin features and disables an ad alone, leaving its content, photo and contact details; not on a new ad', async () => {
    const seller = await makeMember();
    const admin = await makeMember({ admin: true });
    const photo = `/media/${seller.uid}/ad-images/p1/w640.webp`;
    const id = await storedAd(seller.uid, { image_url: photo });
    expect((await save(admin, { adId: id, admin: { is_featured: true } })).error).toBeUndefined();
    expect((await save(admin, { adId: id, admin: { is_active: false } })).error).toBeUndefined();
    expect((await adDoc(id).get()).data()).toMatchObject({
      title: 'Stored shelf',
      image_url: photo,
      is_featured: true,
      is_active: false,
      views_count: 7,
    });
    expect(await contactOf(id)).toEqual({ contact_info: 'old@example.com' });
    expect(
      (await save(admin, { userId: seller.uid, ad: form(), admin: { is_featured: true } })).error?.status,
    ).toBe('INVALID_ARGUMENT');
    expect((await save(admin, { adId: id })).error?.status).toBe('INVALID_ARGUMENT');
  });

  it('an ad that does not exist is not found', async () => {
    const seller = await makeMember();
    expect((await save(seller, { adId: 'no-such-ad', ad: form() })).error?.status).toBe('NOT_FOUND');
  });
});

describe('deleteClassifiedAd', () => {
  it('the seller deletes their ad and its contact details; another member and a visitor cannot; an admin deletes any', async () => {
    const seller = await makeMember();
    const other = await makeMember();
    const admin = await makeMember({ admin: true });
    const first = await storedAd(seller.uid);
    const second = await storedAd(seller.uid);
    expect((await remove(other, first)).error?.message).toBe(ITEM_MESSAGES.notAllowed);
    expect((await remove(undefined, first)).error?.status).toBe('UNAUTHENTICATED');
    expect((await adDoc(first).get()).exists).toBe(true);
    expect((await remove(seller, first)).error).toBeUndefined();
    expect((await adDoc(first).get()).exists).toBe(false);
    expect(await contactOf(first)).toBeUndefined();
    expect((await remove(admin, second)).error).toBeUndefined();
    expect((await adDoc(second).get()).exists).toBe(false);
    expect(await contactOf(second)).toBeUndefined();
  });
});

describe("the admin's Active switch of an ad", () => {
  /** The audit entries about ad `id`. */
  const auditOf = async (id: string) =>
    (await db.collection(ADMIN_AUDIT_COLLECTION).where('after.item_id', '==', id).get()).docs.map((doc) =>
      doc.data(),
    );
  const entry = (id: string) => db.collection(MARKET_COLLECTION).doc(marketEntryId('classified_ads', id));
  const listed = (id: string, expected: boolean) =>
    eventually(
      async () => (await entry(id).get()).exists,
      (exists) => exists === expected,
      60_000,
    );

  it('the seller, another member, a self-styled Admin profile and a visitor cannot switch it: nothing changes and nothing is recorded', async () => {
    const seller = await makeMember();
    const other = await makeMember();
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    const id = await storedAd(seller.uid);
    for (const actor of [seller, other, selfStyled])
      expect((await save(actor, { adId: id, admin: { is_active: false } })).error).toMatchObject({
        status: 'PERMISSION_DENIED',
        message: ITEM_MESSAGES.notAllowed,
      });
    expect((await save(undefined, { adId: id, admin: { is_active: false } })).error?.status).toBe(
      'UNAUTHENTICATED',
    );
    expect((await adDoc(id).get()).get('is_active')).toBe(true);
    expect(await auditOf(id)).toEqual([]);
  });

  it('an admin switches an ad off and on: each change is in the audit log, the ad leaves the marketplace and its page, then comes back', async () => {
    const seller = await makeMember();
    const admin = await makeMember({ admin: true });
    const id = await storedAd(seller.uid);
    await listed(id, true);

    expect((await save(admin, { adId: id, admin: { is_active: false } })).error).toBeUndefined();
    expect((await adDoc(id).get()).data()).toMatchObject({ is_active: false, title: 'Stored shelf' });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        actor_uid: admin.uid,
        action: 'set-item-switches',
        target_uid: seller.uid,
        before: { is_active: true },
        after: { is_active: false, item_kind: 'ad', item_id: id, item_title: 'Stored shelf' },
      }),
    ]);
    await listed(id, false);
    expect(await getPublicAd(id, db)).toBeNull();

    // The same value again changes nothing and records nothing.
    expect((await save(admin, { adId: id, admin: { is_active: false } })).error).toBeUndefined();
    expect(await auditOf(id)).toHaveLength(1);

    expect((await save(admin, { adId: id, admin: { is_active: true } })).error).toBeUndefined();
    const entries = await auditOf(id);
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual(
      expect.objectContaining({
        before: { is_active: false },
        after: expect.objectContaining({ is_active: true }),
      }),
    );
    await listed(id, true);
    expect((await getPublicAd(id, db))?.ad.id).toBe(id);
  }, 150_000);
});
