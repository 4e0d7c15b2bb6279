import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  everyone,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  listAll,
  nonAdmins,
  readDoc,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// site_meta/publish: the publish pipeline's status, read by admins on the dashboard,
// written only by the functions and the build receiver (Admin SDK, past the rules).
// site_meta/spotlight: the Spotlight rotation's state, read and written only by the
// functions and the seed; no client reads it (the build renders its books).
const docs = {
  'site_meta/spotlight': { day: '2026-01-05', picks: ['book-1'], cycle: ['book-1'], last_shown: {} },
  'site_meta/publish': {
    state: 'published',
    published_at: Timestamp.fromDate(new Date('2026-01-05T14:02:00Z')),
    error: '',
  },
  'site_meta/other': { note: 'internal' },
};

const env = useSeededRulesEnv('site-meta', () => docs);

describe('site_meta', () => {
  it('an admin reads the publish status', async () => {
    const snapshot = await expectAllowed(readDoc(dbAs(env(), 'admin'), 'site_meta/publish'));
    expect(snapshot.get('state')).toBe('published');
  });

  for (const actor of nonAdmins) {
    it(`${actorLabel[actor]} cannot read the publish status`, async () => {
      await expectDenied(readDoc(dbAs(env(), actor), 'site_meta/publish'));
    });
  }

  describeEachActor(everyone, '%s', (actor) => {
    it('cannot read other site_meta documents or list the collection', async () => {
      await expectDenied(readDoc(dbAs(env(), actor), 'site_meta/other'));
      await expectDenied(listAll(dbAs(env(), actor), 'site_meta'));
    });
    itDeniesWrites(
      () => dbAs(env(), actor),
      { newPath: 'site_meta/new', existingPath: 'site_meta/publish' },
      { state: 'idle' },
    );
    describe('the Spotlight state', () => {
      it('cannot read it', async () => {
        await expectDenied(readDoc(dbAs(env(), actor), 'site_meta/spotlight'));
      });
      itDeniesWrites(
        () => dbAs(env(), actor),
        { newPath: 'site_meta/spotlight-next', existingPath: 'site_meta/spotlight' },
        { day: '2026-01-06', picks: ['book-2'], cycle: ['book-1', 'book-2'], last_shown: {} },
      );
    });
  });
});
