// Followers for the tests of what authors send them (new-book alerts, updates, the digest).
import { Timestamp } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { emailFollowId } from '../../../src/domain/follows/follows';
import { adminDb, uniqueId } from './emulator';
import { callAs, makeMember, type Member } from './profile-members';

/** Writes the follow of a visitor who confirmed `email` by mail, and returns its id. */
export async function emailFollow(
  authorUid: string,
  email: string,
  mode: 'instant' | 'weekly' = 'instant',
): Promise<string> {
  const id = emailFollowId(authorUid, emailHash(email));
  await adminDb()
    .doc(`follows/${id}`)
    .set({
      author_uid: authorUid,
      follower: { kind: 'email', email },
      mode,
      created_at: Timestamp.now(),
    });
  return id;
}

/**
 * One follower of `author` of each kind: a member following instantly (updateFollow
 * accepts them), a member on the weekly digest, and a visitor by email.
 */
export async function followersOf(
  author: Member,
): Promise<{ member: Member; weekly: Member; visitor: string }> {
  const member = await makeMember();
  const weekly = await makeMember();
  expect(
    (await callAs('updateFollow', member, { authorUid: author.uid, follow: true })).error,
  ).toBeUndefined();
  await callAs('updateFollow', weekly, { authorUid: author.uid, follow: true, mode: 'weekly' });
  const visitor = `${uniqueId('fan')}@example.com`;
  await emailFollow(author.uid, visitor);
  return { member, weekly, visitor };
}
