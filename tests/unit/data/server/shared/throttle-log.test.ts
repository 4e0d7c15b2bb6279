// Where a throttled subject's attempt log lives: one document per kind and value in
// throttles/, the same for the site's server and the Cloud Functions.
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { THROTTLES, throttleKey, throttleRef } from '../../../../../src/data/server/shared/throttle.ts';

const db = {
  collection: (collection: string) => ({ doc: (id: string) => ({ path: `${collection}/${id}` }) }),
} as unknown as Firestore;

describe('throttleRef', () => {
  it('is throttles/{throttleKey} of the subject, one per kind and value', () => {
    const subject = { kind: 'report-ip', value: '203.0.113.7' };
    expect(throttleRef(db, subject).path).toBe(`${THROTTLES}/${throttleKey(subject)}`);
    expect(throttleRef(db, { ...subject, kind: 'opt-in-ip' }).path).not.toBe(throttleRef(db, subject).path);
  });
});
