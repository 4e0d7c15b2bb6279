import { orderBy, query, type DocumentData } from 'firebase/firestore';
import { expect } from 'vitest';
import { uids } from '../helpers/rules-env';
import { describePublicReadOnly } from '../helpers/public-read-only';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function featuredProfile(position: number, userId: string): DocumentData {
  return { user_id: userId, position, created_by: uids.admin };
}

const env = useSeededRulesEnv('featured-profiles', () => ({
  'featured_profiles/1': featuredProfile(1, uids.owner),
  'featured_profiles/2': featuredProfile(2, uids.other),
}));

describePublicReadOnly({
  env,
  collection: 'featured_profiles',
  get: { title: 'reads position 1', id: '1' },
  list: {
    title: 'lists the picks ordered by position',
    query: (items) => query(items, orderBy('position')),
    check: (snapshot) => expect(snapshot.docs.map((d) => d.get('user_id'))).toEqual([uids.owner, uids.other]),
  },
  writes: { newId: '3', existingId: '1', data: featuredProfile(3, uids.pending) },
});
