import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  adminModerationRequestSchema,
  excerptOf,
  isHideable,
  MODERATION_REASON_MESSAGE,
  reportStatusAfter,
} from '../../../../src/domain/admin/moderation.ts';

describe('a moderation request', () => {
  it('is the queue, or an action on one item with the admin’s reason, sanitised', () => {
    expect(adminModerationRequestSchema.parse({ action: 'list' })).toEqual({ action: 'list' });
    expect(
      adminModerationRequestSchema.parse({
        action: 'hide',
        kind: 'review',
        itemId: 'b__u',
        reason: ' Abuse\u0000 ',
      }),
    ).toEqual({ action: 'hide', kind: 'review', itemId: 'b__u', reason: 'Abuse' });
  });

  it('refuses an action without a reason, an unknown action or kind, and a path as item id', () => {
    const blank = adminModerationRequestSchema.safeParse({
      action: 'warn',
      kind: 'book',
      itemId: 'b',
      reason: ' \n ',
    });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(MODERATION_REASON_MESSAGE);
    for (const bad of [
      { action: 'delete', kind: 'book', itemId: 'b', reason: 'x' },
      { action: 'hide', kind: 'newsletter', itemId: 'b', reason: 'x' },
      { action: 'hide', kind: 'book', itemId: 'a/b', reason: 'x' },
      { action: 'hide', kind: 'book', itemId: 'b' },
    ])
      expect(adminModerationRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('the actions the queue offers', () => {
  const member = { ownerUid: 'u1', hidden: false, exists: true };
  it('hide or restore for every kind but a profile (deactivated instead); warn and deactivate when a member owns the item', () => {
    expect(actionsFor('review', member)).toEqual(['dismiss', 'hide', 'warn', 'deactivate']);
    expect(actionsFor('book', { ...member, hidden: true })).toEqual([
      'dismiss',
      'restore',
      'warn',
      'deactivate',
    ]);
    expect(actionsFor('ad', member)).toEqual(['dismiss', 'hide', 'warn', 'deactivate']);
    expect(actionsFor('ad', { ...member, hidden: true })).toEqual([
      'dismiss',
      'restore',
      'warn',
      'deactivate',
    ]);
    expect(actionsFor('product', member)).toEqual(['dismiss', 'hide', 'warn', 'deactivate']);
    expect(actionsFor('product', { ...member, hidden: true })).toEqual([
      'dismiss',
      'restore',
      'warn',
      'deactivate',
    ]);
    expect(actionsFor('profile', member)).toEqual(['dismiss', 'warn', 'deactivate']);
    // A blog post has no member owner: hide or restore only.
    expect(actionsFor('post', { ownerUid: null, hidden: false, exists: true })).toEqual(['dismiss', 'hide']);
    expect(actionsFor('post', { ownerUid: null, hidden: true, exists: true })).toEqual([
      'dismiss',
      'restore',
    ]);
    expect(actionsFor('book', { ownerUid: null, hidden: false, exists: false })).toEqual(['dismiss']);
    expect(actionsFor('ad', { ownerUid: null, hidden: false, exists: false })).toEqual(['dismiss']);
    for (const kind of ['review', 'book', 'product', 'ad', 'post'] as const)
      expect(isHideable(kind)).toBe(true);
    expect(isHideable('profile')).toBe(false);
  });

  it('close the item’s reports as dismissed or actioned; restore leaves them', () => {
    expect(reportStatusAfter('dismiss')).toBe('dismissed');
    expect(reportStatusAfter('hide')).toBe('actioned');
    expect(reportStatusAfter('warn')).toBe('actioned');
    expect(reportStatusAfter('deactivate')).toBe('actioned');
    expect(reportStatusAfter('restore')).toBeNull();
  });

  it('show the start of an item’s text on one line', () => {
    expect(excerptOf('one\n\ntwo   three')).toBe('one two three');
    expect(excerptOf('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(excerptOf(undefined)).toBe('');
  });
});
