import { z } from 'zod';
import { idSchema, timestampSchema } from '../shared/common.ts';

/**
 * `page_slugs/{slug}`: the claim that makes a page slug unique. The member's
 * current slug has a claim without `retired_at`; when a member changes their
 * slug, the old claim stays with `retired_at` set, so the old address can answer
 * 301 to the new one and no one else can take it over. Written only by the
 * server (sign-up and profile save), never by clients.
 */
export const pageSlugClaimSchema = z
  .object({
    /** Document id: the slug itself. */
    id: z.string().min(1),
    /** The member (Firebase Auth uid) who holds the slug. */
    uid: idSchema,
    /** When the slug was claimed. */
    claimed_at: timestampSchema.nullish(),
    /** When the member moved to another slug; absent while it is their current one. */
    retired_at: timestampSchema.nullish(),
  })
  .describe('page_slugs');

/** A page-slug claim. */
export type PageSlugClaim = z.infer<typeof pageSlugClaimSchema>;
