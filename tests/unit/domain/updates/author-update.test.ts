// Author updates' pure rules: the form's messages (no links or email addresses),
// the limits read from Site Settings (missing or malformed is the default), each
// plan's window and count, the record of posts that deleting never shrinks, and
// the lines the membership page shows.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPDATE_LIMITS,
  UPDATE_BODY_MAX,
  UPDATE_MESSAGES,
  UPDATE_TITLE_MAX,
  authorUpdateFormSchema,
  UPDATE_POSTS_KEPT_MAX,
  authorUpdateSchema,
  hasLinkOrAddress,
  mayPostUpdate,
  postsInWindow,
  updateReach,
  updateReachSchema,
  updateReachText,
  updateAllowance,
  updateLimitLines,
  updateLimitsOf,
  withUpdateLimitLines,
  withUpdatePost,
} from '../../../../src/domain/updates/author-update.ts';
import { isUpdateMailable } from '../../../../src/domain/updates/author-update-page.ts';

const firstMessage = (input: unknown) => {
  const parsed = authorUpdateFormSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the update form', () => {
  it('trims, and takes an empty book choice as none', () => {
    expect(authorUpdateFormSchema.parse({ title: ' News ', body: ' Out soon. ', book_id: '' })).toEqual({
      title: 'News',
      body: 'Out soon.',
      book_id: null,
    });
  });
  it('refuses a missing or long title and a blank or long text with their messages', () => {
    expect(firstMessage({ title: '  ', body: 'x' })).toBe(UPDATE_MESSAGES.titleRequired);
    expect(firstMessage({ title: 'x'.repeat(UPDATE_TITLE_MAX + 1), body: 'x' })).toBe(
      UPDATE_MESSAGES.titleTooLong,
    );
    expect(firstMessage({ title: 'T', body: ' ' })).toBe(UPDATE_MESSAGES.bodyRequired);
    expect(firstMessage({ title: 'T', body: 'x'.repeat(UPDATE_BODY_MAX + 1) })).toBe(
      UPDATE_MESSAGES.bodyTooLong,
    );
    expect(firstMessage({ title: 'T', body: 'x', book_id: 'a/b' })).not.toBeNull();
  });
  it('refuses a link or an email address in the title or the text, in any spelling a mail program would link', () => {
    const links = [
      'Get it free at https://evil.example/offer',
      'see http://x.test',
      'Visit www.example.com today',
      'WWW.EXAMPLE.ORG',
      'grab it on shelfmark-deals.com',
      'bit.ly/freebook',
      'mail name@example.com now',
      'write to reader@example.de',
      'first.last+tag@mail.example.co.uk',
      'ｗｗｗ．example．com',
      'name＠example．de',
      'ftp://files.example',
    ];
    for (const text of links) {
      expect(hasLinkOrAddress(text), text).toBe(true);
      expect(firstMessage({ title: text, body: 'Words.' }), text).toBe(UPDATE_MESSAGES.noLinks);
      expect(firstMessage({ title: 'News', body: `Hello.\n\n${text}` }), text).toBe(UPDATE_MESSAGES.noLinks);
    }
  });
  it('keeps ordinary prose: initials, abbreviations, numbers, a handle, the word email', () => {
    for (const text of [
      'J. R. R. Tolkien would approve. Dr. Seuss too.',
      'Book 2.5 is out; chapters 3.1–3.4 are rewritten.',
      'Ask me @ the signing, or email me through the site.',
      'I wrote 40,000 words, i.e. half of it, e.g. the ending.',
      'The sequel is **written**.\n\n- Cover next\n- Then the proofs',
    ]) {
      expect(hasLinkOrAddress(text), text).toBe(false);
      expect(firstMessage({ title: 'News', body: text }), text).toBeNull();
    }
  });
  it('an update stored with a link before the rule is not mailed, nor a hidden one', () => {
    const base = { title: 'News', body: 'Words.', moderation_hidden: false };
    expect(isUpdateMailable(base)).toBe(true);
    expect(isUpdateMailable({ ...base, body: 'at https://evil.example' })).toBe(false);
    expect(isUpdateMailable({ ...base, title: 'me@example.com' })).toBe(false);
    expect(isUpdateMailable({ ...base, moderation_hidden: true })).toBe(false);
  });
  it('a stored update without the flag reads as not hidden', () => {
    const stored = authorUpdateSchema.parse({
      id: 'u1',
      user_id: 'a1',
      title: 'T',
      body: 'B',
      created_at: new Date('2026-11-30T10:00:00Z'),
    });
    expect(stored.moderation_hidden).toBe(false);
    expect(stored.book ?? null).toBeNull();
  });
});

describe('the limits', () => {
  it('are the defaults when nothing or something malformed is stored', () => {
    expect(DEFAULT_UPDATE_LIMITS).toEqual({ free_per_30_days: 4, premium_per_day: 1 });
    expect(updateLimitsOf(undefined)).toEqual(DEFAULT_UPDATE_LIMITS);
    expect(updateLimitsOf({ free_per_30_days: -3 })).toEqual(DEFAULT_UPDATE_LIMITS);
    expect(updateLimitsOf({ premium_per_day: 'many' })).toEqual(DEFAULT_UPDATE_LIMITS);
    expect(updateLimitsOf({ free_per_30_days: 2 })).toEqual({ free_per_30_days: 2, premium_per_day: 1 });
  });

  const now = new Date('2026-12-01T12:00:00Z');
  it('count a Free member’s updates over 30 days and a Premium member’s over 24 hours', () => {
    const free = updateAllowance('free', DEFAULT_UPDATE_LIMITS, now);
    expect(free.since.toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect([0, 3, 4].map((recent) => mayPostUpdate(free, recent))).toEqual([true, true, false]);
    expect(free.refusal).toBe(
      'Free members can post 4 updates in 30 days. Upgrade to Premium to post one a day.',
    );
    const premium = updateAllowance('premium', DEFAULT_UPDATE_LIMITS, now);
    expect(premium.since.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect([0, 1].map((recent) => mayPostUpdate(premium, recent))).toEqual([true, false]);
    expect(premium.refusal).toBe('Premium members can post one update a day. Try again tomorrow.');
  });
  it('at 0 for Free members, close updates to them and say so', () => {
    const closed = updateAllowance('free', { free_per_30_days: 0, premium_per_day: 2 }, now);
    expect(mayPostUpdate(closed, 0)).toBe(false);
    expect(closed.refusal).toMatch(/Premium feature/);
    expect(updateLimitLines({ free_per_30_days: 0, premium_per_day: 2 })).toEqual({
      free: 'Updates to your followers: Premium only',
      premium: '2 updates to your followers every day',
    });
  });
  it('read on the membership page as the limits in force', () => {
    expect(updateLimitLines(DEFAULT_UPDATE_LIMITS)).toEqual({
      free: '4 updates to your followers every 30 days',
      premium: 'One update to your followers every day',
    });
  });
});

describe('the record of posts', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
  it('counts what was posted in the window, deleted or not, and stored updates it lacks, each once', () => {
    const free = updateAllowance('free', DEFAULT_UPDATE_LIMITS, now);
    const posts = [
      { id: 'old', at: ago(31) },
      { id: 'a', at: ago(20) },
      { id: 'b', at: ago(2) },
    ];
    // a and b were deleted since: nothing stored, both still count.
    expect(postsInWindow(free, posts, [])).toBe(2);
    // b still stored counts once; c, stored but posted before the record, counts too.
    expect(postsInWindow(free, posts, ['b', 'c'])).toBe(3);
    const premium = updateAllowance('premium', DEFAULT_UPDATE_LIMITS, now);
    expect(postsInWindow(premium, posts, [])).toBe(0);
  });
  it('six posts deleted one after another leave a Free member at the limit after the fourth', () => {
    const free = updateAllowance('free', DEFAULT_UPDATE_LIMITS, now);
    let posts: ReturnType<typeof withUpdatePost> = [];
    const allowed: boolean[] = [];
    for (let n = 0; n < 6; n++) {
      const may = mayPostUpdate(free, postsInWindow(free, posts, []));
      allowed.push(may);
      if (may) posts = withUpdatePost(posts, { id: `u${n}`, at: ago(1 - n / 100) }, now);
    }
    expect(allowed).toEqual([true, true, true, true, false, false]);
  });
  it('drops posts older than 30 days and keeps the newest when there are many', () => {
    const kept = withUpdatePost([{ id: 'old', at: ago(31) }], { id: 'new', at: now }, now);
    expect(kept.map((post) => post.id)).toEqual(['new']);
    const many = Array.from({ length: UPDATE_POSTS_KEPT_MAX }, (_, i) => ({ id: `p${i}`, at: ago(1) }));
    const next = withUpdatePost(many, { id: 'new', at: now }, now);
    expect(next).toHaveLength(UPDATE_POSTS_KEPT_MAX);
    expect(next[0]!.id).toBe('p1');
    expect(next.at(-1)!.id).toBe('new');
  });
});

describe('the membership page’s plans', () => {
  it('each say how many updates they allow, whatever the stored content lists', () => {
    const plans = [
      { type: 'free', features: ['Public profile page'] },
      { type: 'premium', features: ['Everything in Free'] },
      { type: 'other', features: ['x'] },
    ];
    expect(withUpdateLimitLines(plans, { free_per_30_days: 3, premium_per_day: 1 })).toEqual([
      { type: 'free', features: ['Public profile page', '3 updates to your followers every 30 days'] },
      { type: 'premium', features: ['Everything in Free', 'One update to your followers every day'] },
      { type: 'other', features: ['x'] },
    ]);
  });
});

describe('an update’s reach by email', () => {
  const posted = new Date('2026-12-02T10:00:00Z');
  const base = { id: 'u1', title: 'News', postedAt: posted, delayMs: 3_600_000 };
  const at = (iso: string) => new Date(iso);
  const time = (iso: string) => iso.slice(11, 16);

  it('is scheduled until its mails are due, then sending, then sent with its count', () => {
    const released = { releasedAt: at('2026-12-02T10:00:05Z'), completed: false };
    const scheduled = updateReach({ ...base, marker: released, sent: 0, now: at('2026-12-02T10:30:00Z') });
    expect(scheduled).toMatchObject({ state: 'scheduled', due_at: '2026-12-02T11:00:05.000Z' });
    expect(updateReachText(scheduled, time)).toBe('Emails go out at 11:00');
    const sending = updateReach({ ...base, marker: released, sent: 40, now: at('2026-12-02T11:00:30Z') });
    expect(updateReachText(sending, time)).toBe('Sending: 40 followers so far');
    const sent = updateReach({
      ...base,
      marker: { ...released, completed: true },
      sent: 1,
      now: at('2026-12-02T12:00:00Z'),
    });
    expect(sent).toMatchObject({ state: 'sent', sent: 1, due_at: null });
    expect(updateReachText(sent, time)).toBe('Emailed to 1 follower');
    expect(updateReachText({ ...sent, sent: 0 }, time)).toBe('No follower had instant emails on');
  });

  it('without a marker: getting ready just after the post, not emailed later', () => {
    const soon = updateReach({ ...base, marker: null, sent: 0, now: at('2026-12-02T10:01:00Z') });
    expect(updateReachText(soon, time)).toBe('Getting ready to email');
    const later = updateReach({ ...base, marker: null, sent: 0, now: at('2026-12-02T11:00:00Z') });
    expect(later.state).toBe('not-mailed');
    expect(updateReachText(later, time)).toBe('Not emailed');
    expect(updateReachSchema.parse(later)).toEqual(later);
  });
});
