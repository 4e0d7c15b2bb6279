import { z } from 'zod';

/**
 * Tag bounds. The spec only says "comma-separated, trimmed, blanks dropped";
 * we also cap them because firestore.rules must bound list sizes, cards show
 * only the first 3 anyway, and duplicate tags ('Vintage, vintage') add noise.
 */
export const MAX_TAGS = 10;
/** Longest tag kept; longer ones are cut. */
export const TAG_MAX_LENGTH = 30;
/** How many tags a card shows before '+N more'. */
export const VISIBLE_TAGS = 3;

/** A stored tag list. */
export const tagsSchema = z.array(z.string().trim().min(1).max(TAG_MAX_LENGTH)).max(MAX_TAGS);

/** Parses 'a, b, ,A' into ['a', 'b']: split on commas, trim, drop blanks, drop case-insensitive repeats, cut to the bounds. */
export function parseTags(input: string | readonly string[] | null | undefined): string[] {
  const parts = typeof input === 'string' ? input.split(',') : [...(input ?? [])];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().slice(0, TAG_MAX_LENGTH).trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

/** The tags a card shows and how many are hidden behind '+N more'. */
export function visibleTags(
  tags: readonly string[],
  limit = VISIBLE_TAGS,
): { shown: string[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}
