import { z } from 'zod';
import {
  TEXT_LIMITS,
  idSchema,
  optionalText,
  optionalSitePathOrUrl,
  timestampSchema,
} from '../shared/common.ts';
import { editorialSlugSchema } from './editorial.ts';

/** Editable blog fields with the form's required-field messages. */
const blogPostFields = {
  /** Post title. */
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  /** Author name as shown ('By <author>'); free text, not a uid. */
  author: z.string({ error: 'Author is required' }).trim().min(1, 'Author is required').max(TEXT_LIMITS.name),
  /** Body in the light markup the blog renders ('## ', '### ', '**label:** text', '---'). */
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(TEXT_LIMITS.long),
  /** Optional teaser shown under the title. */
  excerpt: optionalText(TEXT_LIMITS.short),
  /** Optional thumbnail URL. */
  featured_image: optionalSitePathOrUrl,
  /** Drafts (false) are visible to admins only. */
  is_published: z.boolean().default(false),
};

/** A blog post, document `blog_posts/{autoId}`. Only admins write posts. */
export const blogPostSchema = z
  .object({
    /** Document id. */
    id: idSchema,
    ...blogPostFields,
    /** uid of the admin who created it. */
    created_by: idSchema,
    /** Creation time; the list is ordered newest first by it. */
    created_at: timestampSchema,
    /** Last edit. */
    updated_at: timestampSchema.nullish(),
    /** True while an admin's moderation hides it (set and cleared only by the adminModeration function; src/domain/accounts/visibility.ts). */
    moderation_hidden: z.boolean().default(false),
    /** URL slug under /blog/, set by a function when the post is first published and never changed after. */
    slug: editorialSlugSchema.nullish(),
  })
  .describe('blog_posts');

/** A blog post. */
export type BlogPost = z.infer<typeof blogPostSchema>;

/** Fields as written to Firestore. */
export const blogPostWriteSchema = blogPostSchema.omit({ id: true });
/** Blog post as written. */
export type BlogPostWrite = z.infer<typeof blogPostWriteSchema>;

/** The admin's create/edit form. */
export const blogPostFormSchema = z.object(blogPostFields);
/** Parsed blog form. */
export type BlogPostForm = z.infer<typeof blogPostFormSchema>;
