import { describe, expect, it } from 'vitest';
import {
  isViewCollection,
  utcDay,
  VIEW_ITEM_ID_PATTERN,
  viewEndpoint,
  viewMarkId,
  viewRecordExpiry,
} from '../../../../src/domain/items/views';

describe('view counter contract', () => {
  it('accepts only the counted collections', () => {
    for (const counted of ['products_services', 'classified_ads', 'books', 'profiles'])
      expect(isViewCollection(counted)).toBe(true);
    for (const other of ['book', 'member_stats', 'view_marks', '', null, 3, 'classified_ads/x'])
      expect(isViewCollection(other)).toBe(false);
  });

  it('accepts Firestore-style ids only', () => {
    expect(VIEW_ITEM_ID_PATTERN.test('aZ09_-x')).toBe(true);
    for (const bad of ['', 'a/b', 'a b', '..', 'x'.repeat(129), 'é'])
      expect(VIEW_ITEM_ID_PATTERN.test(bad)).toBe(false);
  });

  it('builds the endpoint path, escaping the id', () => {
    expect(viewEndpoint('classified_ads', 'ad-1')).toBe('/api/views/classified_ads/ad-1');
    expect(viewEndpoint('products_services', 'a b')).toBe('/api/views/products_services/a%20b');
  });
});

describe('the day a view counts in', () => {
  it('is the UTC date, whatever the time of day', () => {
    expect(utcDay(Date.parse('2026-11-26T00:00:00Z'))).toBe('2026-11-26');
    expect(utcDay(Date.parse('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(utcDay(Date.parse('2026-11-27T00:00:00Z'))).toBe('2026-11-27');
  });

  it('keeps its records two days from the day’s start, then lets them expire', () => {
    expect(viewRecordExpiry(Date.parse('2026-11-26T17:30:00Z')).toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
  });

  it('names a mark by day, visitor and item, so the next day counts again', () => {
    expect(viewMarkId('2026-11-26', 'abc', 'classified_ads', 'ad-1')).toBe(
      '2026-11-26-abc-classified_ads-ad-1',
    );
    expect(viewMarkId('2026-11-27', 'abc', 'classified_ads', 'ad-1')).not.toBe(
      viewMarkId('2026-11-26', 'abc', 'classified_ads', 'ad-1'),
    );
  });
});
