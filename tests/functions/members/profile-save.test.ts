// saveProfile on the emulators: who may save, the conflict check, the page-slug
// claims, the admin role and the profile image; and no book is saved through it
// (books save and delete only through saveBook and deleteBook).
import { beforeEach, describe, expect, it } from 'vitest';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SAVE_PROFILE_MESSAGES, type SaveProfileResponse } from '../../../src/domain/accounts/profile-edit';
import { localMediaRoot, localMediaStore } from '../../../src/data/server/media/media-store';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const auth = getAuth(getApps()[0]);

function save(member: Member | undefined, data: Record<string, unknown>) {
  return callAs<SaveProfileResponse>('saveProfile', member, data);
}

/** A request for `uid`'s never-saved profile. */
function request(uid: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { userId: uid, expectedUpdatedAt: null, ...extra };
}

async function profileOf(uid: string) {
  return (await db.doc(`profiles/${uid}`).get()).data() ?? {};
}

async function booksOf(uid: string) {
  return (await db.collection('books').where('user_id', '==', uid).get()).docs;
}

async function addBooks(uid: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await db.collection('books').add(bookData(uid, { title: `Book ${i + 1}` }))).id);
  return ids;
}

beforeEach(async () => {
  await clearFirestore();
});

describe('saveProfile: who may save', () => {
  it('the owner saves the changed fields and gets the new updated_at', async () => {
    const owner = await makeMember({ profile: { about_me: 'Old about' } });
    const answer = await save(
      owner,
      request(owner.uid, { profile: { display_name: 'New Name', special_announcement: 'Out now' } }),
    );

    expect(answer.error).toBeUndefined();
    const stored = await profileOf(owner.uid);
    expect(stored).toMatchObject({
      display_name: 'New Name',
      special_announcement: 'Out now',
      about_me: 'Old about',
    });
    expect((stored.updated_at as Timestamp).toDate().toISOString()).toBe(answer.result?.updated_at);
    expect(answer.result).toEqual({ page_slug: stored.page_slug, updated_at: expect.any(String) });
  });

  it('an admin saves another member’s profile, admin fields included', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember({ profile: { approval_status: 'pending' } });
    const answer = await save(
      admin,
      request(member.uid, {
        profile: { about_me: 'Edited by admin' },
        admin: { approval_status: 'approved', category: 'Publisher' },
      }),
    );

    expect(answer.error).toBeUndefined();
    expect(await profileOf(member.uid)).toMatchObject({
      about_me: 'Edited by admin',
      approval_status: 'approved',
      category: 'Publisher',
    });
  });

  it('not even an admin sets the plan through a profile save: the request is refused and nothing is written', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    const before = await profileOf(member.uid);
    const answer = await save(
      admin,
      request(member.uid, { profile: { about_me: 'Upgraded?' }, admin: { subscription_status: 'premium' } }),
    );
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect(await profileOf(member.uid)).toEqual(before);
  });

  const refused: [string, () => Promise<Member>][] = [
    ['another member', () => makeMember()],
    ['the owner while pending approval', () => makeMember({ profile: { approval_status: 'pending' } })],
    ['the owner while deactivated', () => makeMember({ profile: { is_active: false } })],
    ['the owner with an unverified email', () => makeMember({ verified: false })],
  ];
  it.each(refused)('%s is refused and nothing is written', async (label, makeCaller) => {
    const caller = await makeCaller();
    const target = label === 'another member' ? await makeMember() : caller;
    const before = await profileOf(target.uid);
    const answer = await save(caller, request(target.uid, { profile: { about_me: 'Hijacked' } }));

    expect(answer.error).toEqual({ status: 'PERMISSION_DENIED', message: SAVE_PROFILE_MESSAGES.notAllowed });
    expect(await profileOf(target.uid)).toEqual(before);
  });

  it('a signed-out caller is refused', async () => {
    const owner = await makeMember();
    const answer = await save(undefined, request(owner.uid, { profile: { about_me: 'x' } }));
    expect(answer.error?.status).toBe('UNAUTHENTICATED');
  });

  it('an owner may not change admin fields (the Admin role included), and the claim stays unset', async () => {
    const owner = await makeMember();
    const promote = await save(owner, request(owner.uid, { admin: { role: 'Admin' } }));
    expect(promote.error).toEqual({ status: 'PERMISSION_DENIED', message: SAVE_PROFILE_MESSAGES.notAllowed });
    const upgrade = await save(owner, request(owner.uid, { admin: { subscription_status: 'premium' } }));
    expect(upgrade.error?.status).toBe('INVALID_ARGUMENT');
    expect(await profileOf(owner.uid)).toMatchObject({ role: 'User', subscription_status: 'free' });
    expect((await auth.getUser(owner.uid)).customClaims?.admin).toBeUndefined();
  });

  it('a bad field is refused with a message naming it', async () => {
    const owner = await makeMember();
    const empty = await save(owner, request(owner.uid, { profile: { display_name: '  ' } }));
    expect(empty.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Display name: Display name is required',
    });
    const link = await save(owner, request(owner.uid, { profile: { display_name: 'Buy at shelf.com' } }));
    expect(link.error?.message).toBe('Display name: Display name cannot contain links or web addresses.');
    const slug = await save(owner, request(owner.uid, { profile: { page_slug: 'Not Valid' } }));
    expect(slug.error?.message).toBe(
      'Page slug: Use lower-case letters, digits, hyphens and underscores only',
    );
  });

  it('refuses a user id that would point into another path, even for an admin', async () => {
    const admin = await makeMember({ admin: true });
    const answer = await save(
      admin,
      request(`${admin.uid}/private/notifications`, { profile: { about_me: 'x' } }),
    );
    expect(answer.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'UserId: not a user id' });
  });
});

describe('saveProfile: two editors at once', () => {
  it('refuses a save based on a stale updated_at, and accepts one based on the latest', async () => {
    const owner = await makeMember();
    const first = await save(owner, request(owner.uid, { profile: { about_me: 'Tab one' } }));
    expect(first.error).toBeUndefined();

    const stale = await save(owner, request(owner.uid, { profile: { about_me: 'Tab two' } }));
    expect(stale.error).toEqual({ status: 'ABORTED', message: SAVE_PROFILE_MESSAGES.conflict });
    expect((await profileOf(owner.uid)).about_me).toBe('Tab one');

    const fresh = await save(
      owner,
      request(owner.uid, { expectedUpdatedAt: first.result?.updated_at, profile: { about_me: 'Tab two' } }),
    );
    expect(fresh.error).toBeUndefined();
    expect(Date.parse(fresh.result!.updated_at)).toBeGreaterThan(Date.parse(first.result!.updated_at));
  });
});

describe('saveProfile: page slug', () => {
  async function claim(slug: string) {
    return (await db.doc(`page_slugs/${slug}`).get()).data();
  }

  it('derives an empty slug from the display name and retires the old one', async () => {
    const owner = await makeMember();
    const oldSlug = (await profileOf(owner.uid)).page_slug as string;
    const answer = await save(
      owner,
      request(owner.uid, { profile: { display_name: 'Zoë  Writer!', page_slug: '' } }),
    );

    expect(answer.result?.page_slug).toBe('zoe-writer');
    expect((await profileOf(owner.uid)).page_slug).toBe('zoe-writer');
    expect(await claim('zoe-writer')).toEqual({ uid: owner.uid, claimed_at: expect.any(Timestamp) });
    expect(await claim(oldSlug)).toEqual({
      uid: owner.uid,
      claimed_at: expect.any(Timestamp),
      retired_at: expect.any(Timestamp),
    });
  });

  it('adds -2, -3 … when others hold the derived slug (a claim, or a seeded profile without one)', async () => {
    const seeded = await makeMember({ profile: { page_slug: 'zoe-writer' } });
    const claimed = await makeMember();
    await db
      .doc('page_slugs/zoe-writer-2')
      .set({ uid: claimed.uid, claimed_at: Timestamp.now(), retired_at: Timestamp.now() });
    const owner = await makeMember({ profile: { display_name: 'Zoë Writer' } });

    const answer = await save(owner, request(owner.uid, { profile: { page_slug: '' } }));
    expect(answer.result?.page_slug).toBe('zoe-writer-3');
    expect(seeded.uid).not.toBe(owner.uid);
  });

  it('refuses a typed slug another member holds: in use, claimed, or retired', async () => {
    const seeded = await makeMember({ profile: { page_slug: 'in-use' } });
    await db
      .doc('page_slugs/retired-elsewhere')
      .set({ uid: seeded.uid, claimed_at: Timestamp.now(), retired_at: Timestamp.now() });
    const owner = await makeMember();
    const before = await profileOf(owner.uid);
    for (const slug of ['in-use', 'retired-elsewhere']) {
      const answer = await save(
        owner,
        request(owner.uid, { profile: { page_slug: slug, about_me: 'not saved' } }),
      );
      expect(answer.error).toEqual({ status: 'ALREADY_EXISTS', message: SAVE_PROFILE_MESSAGES.slugTaken });
    }
    expect(await profileOf(owner.uid)).toEqual(before);
  });

  it('a member takes back their own retired slug', async () => {
    const owner = await makeMember({ profile: { page_slug: 'first-slug' } });
    const moved = await save(owner, request(owner.uid, { profile: { page_slug: 'second-slug' } }));
    expect(moved.result?.page_slug).toBe('second-slug');
    expect((await claim('first-slug'))?.retired_at).toBeInstanceOf(Timestamp);

    const back = await save(
      owner,
      request(owner.uid, {
        expectedUpdatedAt: moved.result!.updated_at,
        profile: { page_slug: 'first-slug' },
      }),
    );
    expect(back.result?.page_slug).toBe('first-slug');
    expect(await claim('first-slug')).toEqual({ uid: owner.uid, claimed_at: expect.any(Timestamp) });
    expect(await claim('second-slug')).toEqual({
      uid: owner.uid,
      claimed_at: expect.any(Timestamp),
      retired_at: expect.any(Timestamp),
    });
  });
});

describe('saveProfile: books are not saved through it', () => {
  it('refuses to create, update or delete a book, and changes no book', async () => {
    const owner = await makeMember();
    const [keep, drop] = await addBooks(owner.uid, 2);
    await db.doc('featured_books/4').set({ book_id: drop, position: 4, created_at: Timestamp.now() });
    const booksBefore = (await booksOf(owner.uid)).map((book) => ({ id: book.id, data: book.data() }));
    const profileBefore = await profileOf(owner.uid);

    for (const books of [
      { create: [{ title: 'Brand New', genre: ['fantasy'] }] },
      { update: [{ id: keep, changes: { title: 'Renamed' } }] },
      { remove: [drop] },
      { create: [], update: [], remove: [drop] },
    ]) {
      const answer = await save(owner, request(owner.uid, { profile: { about_me: 'not saved' }, books }));
      expect(answer.error, JSON.stringify(books)).toEqual({
        status: 'INVALID_ARGUMENT',
        message: SAVE_PROFILE_MESSAGES.noBooks,
      });
    }

    const booksAfter = (await booksOf(owner.uid)).map((book) => ({ id: book.id, data: book.data() }));
    expect(booksAfter).toEqual(booksBefore);
    expect((await db.doc('featured_books/4').get()).get('book_id')).toBe(drop);
    expect((await db.doc(`plan_locks/${owner.uid}`).get()).exists).toBe(false);
    expect(await profileOf(owner.uid)).toEqual(profileBefore);
  });

  it('saves the profile of an out-of-date editor that sends an empty books part, and touches no book', async () => {
    const owner = await makeMember();
    const [keep] = await addBooks(owner.uid, 1);
    const before = (await db.doc(`books/${keep}`).get()).data();
    const answer = await save(
      owner,
      request(owner.uid, { profile: { about_me: 'kept' }, books: { create: [], update: [], remove: [] } }),
    );
    expect(answer.error).toBeUndefined();
    expect((await profileOf(owner.uid))?.about_me).toBe('kept');
    expect((await db.doc(`books/${keep}`).get()).data()).toEqual(before);
  });

  it('refuses another member’s book the same way, before looking at it', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const [theirs] = await addBooks(other.uid, 1);
    const before = (await db.doc(`books/${theirs}`).get()).data();
    for (const books of [
      { update: [{ id: theirs, changes: { title: 'Mine now' } }] },
      { remove: [theirs] },
    ]) {
      const answer = await save(owner, request(owner.uid, { books }));
      expect(answer.error).toEqual({ status: 'INVALID_ARGUMENT', message: SAVE_PROFILE_MESSAGES.noBooks });
    }
    expect((await db.doc(`books/${theirs}`).get()).data()).toEqual(before);
  });
});

describe('saveProfile: admin role', () => {
  it('an admin giving the Admin role sets the claim, and taking it away clears it', async () => {
    const admin = await makeMember({ admin: true });
    const member = await makeMember();
    const granted = await save(admin, request(member.uid, { admin: { role: 'Admin' } }));
    expect(granted.error).toBeUndefined();
    expect((await auth.getUser(member.uid)).customClaims).toEqual({ admin: true });

    const revoked = await save(
      admin,
      request(member.uid, { expectedUpdatedAt: granted.result!.updated_at, admin: { role: 'User' } }),
    );
    expect(revoked.error).toBeUndefined();
    expect((await profileOf(member.uid)).role).toBe('User');
    expect((await auth.getUser(member.uid)).customClaims?.admin).toBeUndefined();
  });
});

describe('saveProfile: profile image', () => {
  const store = () => localMediaStore(localMediaRoot());
  const webp = Buffer.from('RIFF0000WEBPVP8 fake');

  it('replacing an uploaded image removes the old upload’s folder', async () => {
    const owner = await makeMember();
    const oldImage = await store().put(`${owner.uid}/profile-images/old1/w640.webp`, webp, 'image/webp');
    await store().put(`${owner.uid}/profile-images/old1/w160.webp`, webp, 'image/webp');
    const newImage = await store().put(`${owner.uid}/profile-images/new1/w640.webp`, webp, 'image/webp');
    await db.doc(`profiles/${owner.uid}`).update({ profile_image: oldImage });

    const answer = await save(owner, request(owner.uid, { profile: { profile_image: newImage } }));
    expect(answer.error).toBeUndefined();
    expect((await profileOf(owner.uid)).profile_image).toBe(newImage);
    const folder = join(localMediaRoot(), owner.uid, 'profile-images');
    expect(existsSync(join(folder, 'old1'))).toBe(false);
    expect(existsSync(join(folder, 'new1', 'w640.webp'))).toBe(true);
  });

  it('refuses another member’s upload and a media path that is not an upload', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const theirs = await save(
      owner,
      request(owner.uid, { profile: { profile_image: `/media/${other.uid}/profile-images/abc/w640.webp` } }),
    );
    expect(theirs.error?.status).toBe('PERMISSION_DENIED');
    const seeded = await save(
      owner,
      request(owner.uid, { profile: { profile_image: '/media/seed/authors/jane.webp' } }),
    );
    expect(seeded.error?.status).toBe('INVALID_ARGUMENT');
    expect((await profileOf(owner.uid)).profile_image).toBeUndefined();
  });

  it('accepts an https URL and clearing the image', async () => {
    const owner = await makeMember();
    const set = await save(
      owner,
      request(owner.uid, { profile: { profile_image: 'https://images.example.com/me.jpg' } }),
    );
    expect(set.error).toBeUndefined();
    const cleared = await save(
      owner,
      request(owner.uid, { expectedUpdatedAt: set.result!.updated_at, profile: { profile_image: '' } }),
    );
    expect(cleared.error).toBeUndefined();
    expect((await profileOf(owner.uid)).profile_image).toBe('');
  });
});
