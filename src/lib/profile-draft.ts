/**
 * The profile editor's draft: the form's values kept in localStorage 1 s after
 * each change, one draft per edited member (an admin editing several members
 * keeps one draft each). On the next visit the editor offers a draft only when
 * it differs from the saved profile; declining or saving discards it.
 */
import { z } from 'zod';
import { same, type ProfileFormValues } from '../domain/members/profile-edit-form.ts';
import {
  PROFILE_ROLES,
  SOCIAL_NETWORKS,
  USER_CATEGORIES,
  type SocialNetwork,
} from '../domain/accounts/profile.ts';

/** How long after the last change the draft is saved. */
export const PROFILE_DRAFT_DELAY_MS = 1000;

/** localStorage key of the draft for the profile of `userId`. */
export function profileDraftKey(userId: string): string {
  return `shelfmark.profile-draft.${userId}`;
}

const text = z.string().max(100_000);

/**
 * The stored shape, checked loosely: a draft may hold values the form would still
 * refuse (a half-typed URL), and restoring them is the point. Only the types are
 * checked; a key the form does not have (the `books` of an older draft) is dropped.
 */
const draftSchema = z.object({
  display_name: text,
  page_title: text,
  page_slug: text,
  profile_image: text,
  about_me: text,
  special_announcement: text,
  upcoming_events: text,
  social_links: z.partialRecord(z.enum(SOCIAL_NETWORKS), text),
  role: z.enum(PROFILE_ROLES),
  category: z.union([z.enum(USER_CATEGORIES), z.literal('')]),
});

/** The few Storage methods drafts use (localStorage in the browser, a Map-backed fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Parses a stored draft; anything malformed (or written by an older version) is null. */
export function parseDraft(raw: string | null): ProfileFormValues | null {
  if (raw === null) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const social = Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, parsed.data.social_links[network] ?? '']),
    ) as Record<SocialNetwork, string>;
    return { ...parsed.data, social_links: social };
  } catch {
    return null;
  }
}

/** True when two sets of form values hold the same thing. */
export function sameValues(a: ProfileFormValues, b: ProfileFormValues): boolean {
  return same(a, b);
}

/** The draft to offer for restoring, or null when there is none or it equals the saved values (that one is dropped). */
export function draftToOffer(
  storage: DraftStorage,
  userId: string,
  saved: ProfileFormValues,
): ProfileFormValues | null {
  const key = profileDraftKey(userId);
  const draft = parseDraft(storage.getItem(key));
  if (draft === null || sameValues(draft, saved)) {
    storage.removeItem(key);
    return null;
  }
  return draft;
}

/** Keeps the current values as the draft, or forgets the draft when they equal the saved values. */
export function keepDraft(
  storage: DraftStorage,
  userId: string,
  values: ProfileFormValues,
  saved: ProfileFormValues,
): void {
  const key = profileDraftKey(userId);
  if (sameValues(values, saved)) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(values));
}

/** Forgets the draft (declined, or the profile was saved). */
export function discardDraft(storage: DraftStorage, userId: string): void {
  storage.removeItem(profileDraftKey(userId));
}
