import { describe, expect, it } from 'vitest';
import { emailHash } from '../../../src/data/server/shared/email-hash.ts';
import { DEMO_SUBSCRIBER_EMAILS, generateSubscribers } from '../../../scripts/seed/subscribers.ts';

describe('the demo newsletter subscribers', () => {
  it('are confirmed visitors keyed by the hash of their address, so the admin group shows a count', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const subscribers = generateSubscribers(now);
    expect(subscribers).toHaveLength(DEMO_SUBSCRIBER_EMAILS.length);
    for (const { path, data } of subscribers) {
      expect(path).toBe(`newsletter_subscribers/${emailHash(data.email)}`);
      expect(data.confirmed_at.getTime()).toBeLessThan(now);
    }
  });
});
