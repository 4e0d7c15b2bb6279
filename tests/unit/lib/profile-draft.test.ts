// The profile editor's draft: kept per edited member, offered only when it differs from the saved profile.
import { describe, expect, it } from 'vitest';
import { toFormValues } from '../../../src/domain/members/profile-edit-form.ts';
import {
  discardDraft,
  draftToOffer,
  keepDraft,
  parseDraft,
  profileDraftKey,
  type DraftStorage,
} from '../../../src/lib/profile-draft.ts';
import { storedProfile } from '../helpers/profile.ts';

function memoryStorage(): DraftStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const saved = toFormValues(storedProfile());

describe('profile drafts', () => {
  it('keeps changed values under the edited member’s key and offers them back', () => {
    const storage = memoryStorage();
    const changed = { ...saved, about_me: 'Half-written new text' };
    keepDraft(storage, 'jane-uid', changed, saved);
    expect([...storage.entries.keys()]).toEqual([profileDraftKey('jane-uid')]);
    expect(draftToOffer(storage, 'jane-uid', saved)).toEqual(changed);
    expect(draftToOffer(storage, 'someone-else', saved)).toBeNull();
  });

  it('forgets the draft when the values are back to the saved ones', () => {
    const storage = memoryStorage();
    keepDraft(storage, 'jane-uid', { ...saved, about_me: 'x' }, saved);
    keepDraft(storage, 'jane-uid', structuredClone(saved), saved);
    expect(storage.entries.size).toBe(0);
  });

  it('does not offer (and drops) a draft equal to the saved profile, whatever its key order', () => {
    const storage = memoryStorage();
    const reordered = Object.fromEntries(Object.entries(saved).reverse());
    storage.setItem(profileDraftKey('jane-uid'), JSON.stringify(reordered));
    expect(draftToOffer(storage, 'jane-uid', saved)).toBeNull();
    expect(storage.entries.size).toBe(0);
  });

  it('restores values the form would still refuse: a draft is work in progress', () => {
    const storage = memoryStorage();
    const halfTyped = {
      ...saved,
      social_links: { ...saved.social_links, twitter: 'https://x.com/ja' },
      display_name: '',
    };
    keepDraft(storage, 'jane-uid', halfTyped, saved);
    expect(draftToOffer(storage, 'jane-uid', saved)).toEqual(halfTyped);
  });

  it('drops a malformed draft', () => {
    const storage = memoryStorage();
    storage.setItem(profileDraftKey('jane-uid'), '{"display_name": 3}');
    expect(draftToOffer(storage, 'jane-uid', saved)).toBeNull();
    expect(storage.entries.size).toBe(0);
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });

  it('fills social networks missing from an older draft', () => {
    const { social_links: _links, ...rest } = saved;
    const draft = parseDraft(JSON.stringify({ ...rest, social_links: { website: 'https://new.example' } }));
    expect(draft?.social_links.website).toBe('https://new.example');
    expect(draft?.social_links.github).toBe('');
  });

  it('reads a draft holding book rows (an older editor’s) without them: books are no part of the profile form', () => {
    const draft = parseDraft(JSON.stringify({ ...saved, books: [{ bookId: 'b1', title: 'Kept row' }] }));
    expect(draft).toEqual(saved);
  });

  it('discards on request', () => {
    const storage = memoryStorage();
    keepDraft(storage, 'jane-uid', { ...saved, about_me: 'x' }, saved);
    discardDraft(storage, 'jane-uid');
    expect(storage.entries.size).toBe(0);
  });
});
