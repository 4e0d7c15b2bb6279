import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';

/** Featured author slots on the home page. */
export const FEATURED_PROFILE_SLOTS = 6;
/** Featured book slots on the home page. */
export const FEATURED_BOOK_SLOTS = 12;

/** A featured author, document `featured_profiles/{position}` so one position holds one profile. Admins write it. */
export const featuredProfileSchema = z
  .object({
    /** Document id; the position as text ('1'..'6'). */
    id: idSchema,
    /** uid of the featured member (= profiles doc id). */
    user_id: idSchema,
    /** Slot 1..6. */
    position: z.number().int().min(1).max(FEATURED_PROFILE_SLOTS),
    /** uid of the admin who assigned it. */
    created_by: idSchema.nullish(),
    /** When it was assigned. */
    created_at: timestampSchema.nullish(),
  })
  .describe('featured_profiles');
/** A featured-profile entry. */
export type FeaturedProfile = z.infer<typeof featuredProfileSchema>;

/** A featured book, document `featured_books/{position}`. Admins write it; the book itself is read separately. */
export const featuredBookSchema = z
  .object({
    /** Document id; the position as text ('1'..'12'). */
    id: idSchema,
    /** books doc id. */
    book_id: idSchema,
    /** Slot 1..12. */
    position: z.number().int().min(1).max(FEATURED_BOOK_SLOTS),
    /** uid of the admin who assigned it. */
    created_by: idSchema.nullish(),
    /** When it was assigned. */
    created_at: timestampSchema.nullish(),
  })
  .describe('featured_books');
/** A featured-book entry. */
export type FeaturedBook = z.infer<typeof featuredBookSchema>;

/** Fields of a featured entry as written (id = position). */
export const featuredProfileWriteSchema = featuredProfileSchema.omit({ id: true });
/** Fields of a featured book as written (id = position). */
export const featuredBookWriteSchema = featuredBookSchema.omit({ id: true });

/** The document id for a position: positions are their own ids, so assigning a slot overwrites whoever held it. */
export function featuredDocId(position: number): string {
  return String(position);
}

/** Places entries into `count` slots by position (index 0 = position 1); empty slots are null. */
export function toSlots<T extends { position: number }>(entries: readonly T[], count: number): (T | null)[] {
  const slots: (T | null)[] = Array.from({ length: count }, () => null);
  for (const entry of entries) {
    if (entry.position >= 1 && entry.position <= count) slots[entry.position - 1] = entry;
  }
  return slots;
}

/** The fields the home page's author slots need. */
interface SlotProfile {
  /** uid. */
  user_id: string;
  /** Page slug. */
  page_slug: string;
  /** Only active profiles may fill slots. */
  is_active: boolean;
}

/**
 * Fills the six author slots: a slot takes its featured profile;
 * otherwise slot 1 takes the site owner's profile (by page slug) and the other
 * empty slots take active profiles, newest first, not already shown. Slots may stay empty.
 */
export function fillFeaturedProfileSlots<P extends SlotProfile>(
  featured: readonly (P | null)[],
  activeNewestFirst: readonly P[],
  ownerSlug?: string | null,
): (P | null)[] {
  const slots: (P | null)[] = Array.from({ length: FEATURED_PROFILE_SLOTS }, (_, i) => {
    const profile = featured[i] ?? null;
    return profile && profile.is_active ? profile : null;
  });
  const used = new Set(slots.flatMap((p) => (p ? [p.user_id] : [])));
  if (!slots[0] && ownerSlug) {
    const owner = activeNewestFirst.find(
      (p) => p.page_slug === ownerSlug && p.is_active && !used.has(p.user_id),
    );
    if (owner) {
      slots[0] = owner;
      used.add(owner.user_id);
    }
  }
  const rest = activeNewestFirst.filter((p) => p.is_active && !used.has(p.user_id));
  return slots.map((slot) => slot ?? rest.shift() ?? null);
}
