/**
 * The profile editors' form (the /profile-edit page and the inline editor on
 * /profile/{slug}): the values the inputs hold, the schema that checks them
 * (built from the save contract's schemas, so the messages are the server's),
 * and the save request made of only what changed since the editor loaded.
 * Pure: no Firebase, no DOM.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import {
  profileEditFieldsSchema,
  type ProfileAdminFields,
  type ProfileEditFields,
  type SaveProfileRequest,
} from '../accounts/profile-edit.ts';
import {
  profileRoleSchema,
  SOCIAL_NETWORKS,
  userCategorySchema,
  type Profile,
  type SocialLinks,
  type SocialNetwork,
} from '../accounts/profile.ts';

/** The owner-editable text fields, in form order. */
export const PROFILE_TEXT_FIELDS = [
  'display_name',
  'page_title',
  'page_slug',
  'profile_image',
  'about_me',
  'special_announcement',
  'upcoming_events',
] as const;
/** One of the owner-editable text fields. */
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** Every social network as a text input ('' for none). */
const socialLinkInputSchema = z
  .string()
  .pipe(profileEditFieldsSchema.shape.social_links.valueType.unwrap().unwrap());
const socialLinksInputSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialLinkInputSchema])) as Record<
    SocialNetwork,
    typeof socialLinkInputSchema
  >,
);

/** The editor's whole form: the contract's field rules applied to text inputs. */
export const profileFormSchema = z.object({
  display_name: profileEditFieldsSchema.shape.display_name,
  page_title: z.string().max(TEXT_LIMITS.title, 'Page title must be 200 characters or less'),
  page_slug: profileEditFieldsSchema.shape.page_slug,
  profile_image: z.string().pipe(profileEditFieldsSchema.shape.profile_image.unwrap().unwrap()),
  about_me: z.string().max(TEXT_LIMITS.medium, 'About me must be 5000 characters or less'),
  special_announcement: z
    .string()
    .max(TEXT_LIMITS.medium, 'Special announcement must be 5000 characters or less'),
  upcoming_events: z.string().max(TEXT_LIMITS.medium, 'Upcoming events must be 5000 characters or less'),
  social_links: socialLinksInputSchema,
  /** Admin only. */
  role: profileRoleSchema,
  /** Admin only; '' when the profile never had one. */
  category: z.union([userCategorySchema, z.literal('')]),
});
/** What the editor's inputs hold. */
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** The form's values for a stored profile. */
export function toFormValues(profile: Profile): ProfileFormValues {
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, profile.social_links[network] ?? '']),
  ) as Record<SocialNetwork, string>;
  return {
    display_name: profile.display_name,
    page_title: profile.page_title ?? '',
    page_slug: profile.page_slug,
    profile_image: profile.profile_image ?? '',
    about_me: profile.about_me ?? '',
    special_announcement: profile.special_announcement ?? '',
    upcoming_events: profile.upcoming_events ?? '',
    social_links: social,
    role: profile.role,
    category: profile.category ?? '',
  };
}

/** JSON with object keys sorted, so equal values give equal text whatever order their keys were added in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** True when two plain values (strings, numbers, null, arrays and objects of them) are equal; key order does not matter. */
export function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The profile fields as the server stores them: text trimmed where the schema trims, empty social links left out. */
function profileFields(
  values: ProfileFormValues,
): Record<ProfileTextField, string> & { social_links: SocialLinks } {
  const social_links: SocialLinks = {};
  for (const network of SOCIAL_NETWORKS) {
    const url = values.social_links[network].trim();
    if (url !== '') social_links[network] = url;
  }
  return {
    display_name: values.display_name.trim(),
    page_title: values.page_title.trim(),
    page_slug: values.page_slug.trim(),
    profile_image: values.profile_image.trim(),
    about_me: values.about_me,
    special_announcement: values.special_announcement,
    upcoming_events: values.upcoming_events,
    social_links,
  };
}

/** Who is saving: only an admin's request carries the admin fields. */
export interface SaveContext {
  /** Whose profile. */
  userId: string;
  /** The profile's updated_at as loaded (null when it was never saved). */
  loadedUpdatedAt: Date | null;
  /** The caller holds the admin claim. */
  admin: boolean;
}

/**
 * The save request for the form's current values: only the profile and admin
 * fields that differ from what the editor loaded. Social links travel as one map
 * (they are one field); a link that was cleared is sent as '' so the server
 * removes it. Books are not part of it: each one saves on its own (saveBook).
 */
export function buildSaveRequest(
  loaded: ProfileFormValues,
  current: ProfileFormValues,
  context: SaveContext,
): SaveProfileRequest {
  const before = profileFields(loaded);
  const after = profileFields(current);
  const profile: Partial<ProfileEditFields> = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    if (before[field] !== after[field]) Object.assign(profile, { [field]: after[field] });
  }
  if (!same(before.social_links, after.social_links)) {
    const links: SocialLinks = { ...after.social_links };
    for (const network of Object.keys(before.social_links) as SocialNetwork[]) {
      if (!(network in links)) links[network] = '';
    }
    profile.social_links = links;
  }

  const request: SaveProfileRequest = {
    userId: context.userId,
    expectedUpdatedAt: context.loadedUpdatedAt ? context.loadedUpdatedAt.toISOString() : null,
    profile,
  };
  if (context.admin) {
    const admin: Partial<ProfileAdminFields> = {};
    if (loaded.role !== current.role) admin.role = current.role;
    if (loaded.category !== current.category && current.category !== '') admin.category = current.category;
    if (Object.keys(admin).length > 0) request.admin = admin;
  }
  return request;
}

/** True when the save request would change nothing. */
export function isEmptySave(request: SaveProfileRequest): boolean {
  return Object.keys(request.profile ?? {}).length === 0 && request.admin === undefined;
}
