/**
 * Page content (about, membership) and legal documents (terms, privacy) as the
 * dashboard edits them: the adminContent callable's requests, shared by the
 * dashboard and the function, and the raw JSON editor's parsing.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import { advertisementBannerSchema } from '../home/advertisement-banner.ts';
import { LEGAL_DOCUMENT_TYPES } from '../site/legal-document.ts';
import {
  BENEFIT_ICONS,
  FEATURE_ICONS,
  aboutContentSchema,
  membershipContentSchema,
  type PageSlug,
} from '../site/page-content.ts';

/** Rows of the page-content and legal editors' text areas. */
export const CONTENT_EDITOR_ROWS = 20;

const pageFields = {
  /** The page's title (the browser tab and the search result). */
  title: z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  /** A line under the title. */
  subtitle: z.string().trim().max(TEXT_LIMITS.line),
  /** The search engines' description of the page. */
  meta_description: z.string().trim().max(TEXT_LIMITS.line),
  /** False serves the built-in content instead. */
  is_published: z.boolean(),
};

/** What the dashboard's page form edits: the page's fields and its content, checked as the save checks them. */
export function pageFormSchemaOf(slug: PageSlug) {
  return z.object({ ...pageFields, content: contentSchemaOf(slug) });
}
/** A page as the dashboard's form holds it (the content of either page). */
export type PageFormValues = z.input<ReturnType<typeof pageFormSchemaOf>>;

/** What the dashboard's legal document form edits: its title and Markdown. */
export const legalFormSchema = z.object({
  /** The document's heading on /terms or /privacy. */
  title: z.string().trim().min(1, 'Title is required').max(TEXT_LIMITS.title),
  /** The document in Markdown, rendered by the public pages' sanitiser. */
  content: z.string().max(TEXT_LIMITS.long),
});
/** A legal document as the dashboard's form holds it. */
export type LegalFormValues = z.infer<typeof legalFormSchema>;

/** What the banner form edits. */
export const bannerFormSchema = advertisementBannerSchema
  .pick({ title: true, image_url: true, link_url: true, description: true, position: true, is_active: true })
  .strict();
/** A banner as the form sends it. */
export type BannerForm = z.infer<typeof bannerFormSchema>;

const bannerId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a banner id');

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
    ...legalFormSchema.shape,
  }),
  z.strictObject({ action: z.literal('preview-legal'), content: legalFormSchema.shape.content }),
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
export function parseContentJson(
  slug: PageSlug,
  text: string,
): { ok: true; content: unknown } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = contentSchemaOf(slug).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `Invalid content at ${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message ?? 'wrong shape'}`,
    };
  }
  return { ok: true, content: parsed.data };
}

// ---------------------------------------------------------------------------
// The per-field form of a page's content (the same schema as the JSON editor)

/** A content field's path without list indices: 'plans.0.features' → 'plans.features'. */
export function contentShape(path: string): string {
  return path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
}

/** Fields chosen from a fixed list, by shape. */
const CHOICES: Record<PageSlug, Record<string, readonly string[]>> = {
  about: { 'features.icon': FEATURE_ICONS },
  membership: { 'benefits.icon': BENEFIT_ICONS, 'plans.type': ['free', 'premium'] },
};
/** Lists of short texts, edited one per line. */
const LINES: Record<PageSlug, readonly string[]> = {
  about: ['vision.badges'],
  membership: ['plans.features'],
};
/** Lists of items the form adds to and removes from, with a blank item and the schema's maximum. */
const LISTS: Record<PageSlug, Record<string, { max: number; blank: () => Record<string, unknown> }>> = {
  about: { features: { max: 12, blank: () => ({ icon: FEATURE_ICONS[0], title: '', description: '' }) } },
  membership: {
    plans: {
      max: 4,
      blank: () => ({
        type: 'premium',
        name: '',
        price: '',
        period: '',
        description: '',
        popular: false,
        features: [],
      }),
    },
    benefits: { max: 12, blank: () => ({ icon: BENEFIT_ICONS[0], title: '', description: '' }) },
  },
};
/** Keys whose text is a paragraph rather than a line. */
const PARAGRAPH_KEYS = new Set(['description', 'content']);

/** How the form edits one content field. */
export type ContentFieldKind =
  | { kind: 'text' }
  | { kind: 'paragraph' }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'lines' }
  | { kind: 'list'; max: number; blank: () => Record<string, unknown> }
  | { kind: 'group' };

/** The widget for the field at `path` holding `value` (its current value decides objects, flags and texts). */
export function contentFieldKind(slug: PageSlug, path: string, value: unknown): ContentFieldKind {
  // An item of a list is a group of fields, whatever the list is.
  if (/(^|\.)\d+$/.test(path) && typeof value === 'object' && value !== null) return { kind: 'group' };
  const shape = contentShape(path);
  const choices = CHOICES[slug][shape];
  if (choices) return { kind: 'choice', options: choices };
  if (LINES[slug].includes(shape)) return { kind: 'lines' };
  const list = LISTS[slug][shape];
  if (list) return { kind: 'list', ...list };
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (typeof value === 'object' && value !== null) return { kind: 'group' };
  return PARAGRAPH_KEYS.has(shape.split('.').at(-1) ?? '') ? { kind: 'paragraph' } : { kind: 'text' };
}

function words(key: string): string {
  const text = key.replace(/_/g, ' ');
  return key === 'cta' ? 'Call to Action' : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of the field at `path`: 'plans.1.features' → 'Plans 2 Features', 'cta.title' → 'Call to Action Title'. */
export function contentFieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : words(part)))
    .join(' ');
}

/** The list a one-per-line text area holds: each non-blank line, trimmed. */
export function linesToList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
