/**
 * Page content (about, membership) and legal documents (terms, privacy) as the
 * dashboard edits them: the adminContent callable's requests, shared by the
 * dashboard and the function, and the raw JSON editor's parsing.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from './common.ts';
import { advertisementBannerSchema } from './advertisement-banner.ts';
import { LEGAL_DOCUMENT_TYPES } from './legal-document.ts';
import { aboutContentSchema, membershipContentSchema, type PageSlug } from './page-content.ts';

/** The callable behind page-content and legal-document saves. */
export const ADMIN_CONTENT_CALLABLE = 'adminContent';

/** Rows of the page-content and legal editors' text areas. */
export const CONTENT_EDITOR_ROWS = 20;

const pageFields = {
  title: z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  subtitle: z.string().trim().max(TEXT_LIMITS.line),
  meta_description: z.string().trim().max(TEXT_LIMITS.line),
  is_published: z.boolean(),
};

/** What the banner form edits. */
export const bannerFormSchema = advertisementBannerSchema.pick({ title: true, image_url: true, link_url: true, description: true, position: true, is_active: true }).strict();
/** A banner as the form sends it. */
export type BannerForm = z.infer<typeof bannerFormSchema>;

const bannerId = z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, 'Not a banner id');

/** Every request of adminContent. */
export const adminContentRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('save-page'),
    page: z.discriminatedUnion('page_slug', [
      z.strictObject({ page_slug: z.literal('about'), ...pageFields, content: aboutContentSchema }),
      z.strictObject({ page_slug: z.literal('membership'), ...pageFields, content: membershipContentSchema }),
    ]),
  }),
  z.strictObject({
    action: z.literal('save-legal'),
    document_type: z.enum(LEGAL_DOCUMENT_TYPES),
    title: z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
    content: z.string().max(TEXT_LIMITS.long),
  }),
  z.strictObject({ action: z.literal('preview-legal'), content: z.string().max(TEXT_LIMITS.long) }),
  z.strictObject({ action: z.literal('create-banner'), banner: bannerFormSchema }),
  z.strictObject({ action: z.literal('set-banner-active'), bannerId, is_active: z.boolean() }),
  z.strictObject({ action: z.literal('delete-banner'), bannerId }),
]);
/** A request as validated. */
export type AdminContentRequest = z.infer<typeof adminContentRequestSchema>;

/** The schema of a page's structured content. */
export function contentSchemaOf(slug: PageSlug) {
  return slug === 'about' ? aboutContentSchema : membershipContentSchema;
}

/**
 * Reads the raw JSON editor's text: the parsed content when it is valid JSON of the
 * page's shape, else the reason. While it is invalid the edit is not applied.
 */
export function parseContentJson(slug: PageSlug, text: string): { ok: true; content: unknown } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = contentSchemaOf(slug).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `Invalid content at ${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message ?? 'wrong shape'}` };
  }
  return { ok: true, content: parsed.data };
}
