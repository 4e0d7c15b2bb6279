/**
 * The profile editors' form (the /profile-edit page and the inline editor on
 * /profile/{slug}): the values the inputs hold, the schema that checks them
 * (built from the save contract's schemas, so the messages are the server's),
 * and the save request made of only what changed since the editor loaded.
 * Pure: no Firebase, no DOM.
 */
import { z } from 'zod';
import {
  bookFormSchema,
  purchaseLinkSchema,
  type Book,
  type BookForm,
  type PurchaseLink,
} from '../books/book.ts';
import { TEXT_LIMITS } from '../shared/common.ts';
import {
  profileEditFieldsSchema,
  type ProfileAdminFields,
  type ProfileEditFields,
  type SaveProfileRequest,
} from './profile-edit.ts';
import {
  profileRoleSchema,
  SOCIAL_NETWORKS,
  userCategorySchema,
  type Profile,
  type SocialLinks,
  type SocialNetwork,
} from './profile.ts';

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

/** The book fields the editor shows as one text input each, in form order. */
export const BOOK_TEXT_FIELDS = [
  'title',
  'description',
  'cover_image',
  'purchase_url',
  'ebook_url',
  'paperback_url',
  'hardcover_url',
  'audiobook_url',
  'video_url',
] as const;
/** The book price fields, typed as text in the form and stored as numbers. */
export const BOOK_PRICE_FIELDS = [
  'price',
  'ebook_price',
  'paperback_price',
  'hardcover_price',
  'audiobook_price',
] as const;
type BookTextField = (typeof BOOK_TEXT_FIELDS)[number];
type BookPriceField = (typeof BOOK_PRICE_FIELDS)[number];

/** A price as typed: empty, or an amount of zero or more with up to two decimals. */
const priceInputSchema = z
  .string()
  .trim()
  .regex(/^(?:\d{1,10}(?:\.\d{1,2})?)?$/, 'Enter a price such as 12.99, or leave it empty');

/** A purchase link row as the inputs hold it. */
const purchaseLinkRowSchema = z.object({
  label: purchaseLinkSchema.shape.label,
  url: purchaseLinkSchema.shape.url,
  price: z.string().max(30, 'Price must be 30 characters or less'),
});

/**
 * One row of the Books section. A row without `id` is a new book; a new row whose
 * title is left blank is dropped on save. A stored book keeps its title required:
 * removing it is what the Remove button is for, so clearing a title never deletes
 * a book by accident.
 */
export const bookRowSchema = z
  .object({
    /** The stored book's id; absent for a row added in this session. (Not `id`: react-hook-form's field arrays use that name for their own row keys.) */
    bookId: z.string().optional(),
    title: z.string().max(TEXT_LIMITS.title, 'Title must be 200 characters or less'),
    description: z.string().pipe(bookFormSchema.shape.description.unwrap().unwrap()),
    cover_image: z.string().pipe(bookFormSchema.shape.cover_image.unwrap().unwrap()),
    purchase_url: z.string().pipe(bookFormSchema.shape.purchase_url.unwrap().unwrap()),
    ebook_url: z.string().pipe(bookFormSchema.shape.ebook_url.unwrap().unwrap()),
    paperback_url: z.string().pipe(bookFormSchema.shape.paperback_url.unwrap().unwrap()),
    hardcover_url: z.string().pipe(bookFormSchema.shape.hardcover_url.unwrap().unwrap()),
    audiobook_url: z.string().pipe(bookFormSchema.shape.audiobook_url.unwrap().unwrap()),
    video_url: z.string().pipe(bookFormSchema.shape.video_url.unwrap().unwrap()),
    price: priceInputSchema,
    ebook_price: priceInputSchema,
    paperback_price: priceInputSchema,
    hardcover_price: priceInputSchema,
    audiobook_price: priceInputSchema,
    purchase_links: z.array(purchaseLinkRowSchema).max(20, 'A book can have at most 20 purchase links'),
  })
  .superRefine((row, context) => {
    if (row.bookId !== undefined && row.title.trim() === '') {
      context.addIssue({ code: 'custom', path: ['title'], message: 'Title is required' });
    }
  });
/** A Books row as the inputs hold it. */
export type BookRow = z.infer<typeof bookRowSchema>;
/** A purchase-link row as the inputs hold it. */
export type PurchaseLinkRow = z.infer<typeof purchaseLinkRowSchema>;

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
  books: z.array(bookRowSchema),
});
/** What the editor's inputs hold. */
export type ProfileFormValues = z.input<typeof profileFormSchema>;

const priceText = (price: number | null | undefined): string =>
  typeof price === 'number' ? String(price) : '';

/** A stored book as an editor row. */
export function bookToRow(book: Book): BookRow {
  const row = { bookId: book.id, purchase_links: [] as PurchaseLinkRow[] } as BookRow;
  for (const field of BOOK_TEXT_FIELDS) row[field] = book[field] ?? '';
  for (const field of BOOK_PRICE_FIELDS) row[field] = priceText(book[field]);
  row.purchase_links = book.purchase_links.map((link) => ({
    label: link.label,
    url: link.url,
    price: link.price ?? '',
  }));
  return row;
}

/** An empty row for the Add Book button. */
export function emptyBookRow(): BookRow {
  const row = { purchase_links: [] as PurchaseLinkRow[] } as unknown as BookRow;
  for (const field of [...BOOK_TEXT_FIELDS, ...BOOK_PRICE_FIELDS]) row[field] = '';
  return row;
}

/** The form's values for a stored profile and its books (oldest book first, as the member added them). */
export function toFormValues(profile: Profile, books: readonly Book[]): ProfileFormValues {
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
    books: [...books].sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map(bookToRow),
  };
}

/** A typed price as stored: null when empty. */
function priceValue(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** A book row as the book fields the server stores (strings trimmed, prices as numbers, links cleaned). */
export function rowToBookFields(
  row: BookRow,
): Omit<
  BookForm,
  'genre' | 'sub_genre' | 'manuscript_content' | 'free_preview_title' | 'is_full_book_free' | 'category'
> {
  const fields = {} as Record<BookTextField, string> & Record<BookPriceField, number | null>;
  for (const field of BOOK_TEXT_FIELDS)
    fields[field] = field === 'description' ? row[field] : row[field].trim();
  for (const field of BOOK_PRICE_FIELDS) fields[field] = priceValue(row[field]);
  const purchase_links: PurchaseLink[] = row.purchase_links.map((link) => ({
    label: link.label.trim(),
    url: link.url.trim(),
    price: link.price.trim() === '' ? null : link.price.trim(),
  }));
  return { ...fields, purchase_links };
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
 * The save request for the form's current values: only the profile fields, admin
 * fields and books that differ from what the editor loaded. Social links travel as
 * one map (they are one field); a link that was cleared is sent as '' so the server
 * removes it. New rows with a blank title are dropped; stored books missing from the
 * form are removed.
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
    books: bookChanges(loaded.books, current.books),
  };
  if (context.admin) {
    const admin: Partial<ProfileAdminFields> = {};
    if (loaded.role !== current.role) admin.role = current.role;
    if (loaded.category !== current.category && current.category !== '') admin.category = current.category;
    if (Object.keys(admin).length > 0) request.admin = admin;
  }
  return request;
}

/** The books part of a save request. */
function bookChanges(
  loaded: readonly BookRow[],
  current: readonly BookRow[],
): NonNullable<SaveProfileRequest['books']> {
  const loadedById = new Map(
    loaded.filter((row) => row.bookId !== undefined).map((row) => [row.bookId as string, row]),
  );
  const create = current
    .filter((row) => row.bookId === undefined && row.title.trim() !== '')
    .map((row) => rowToBookFields(row));
  const update: { id: string; changes: Partial<BookForm> }[] = [];
  for (const row of current) {
    const before = row.bookId === undefined ? undefined : loadedById.get(row.bookId);
    if (!before || row.bookId === undefined) continue;
    const oldFields = rowToBookFields(before);
    const newFields = rowToBookFields(row);
    const changes: Partial<BookForm> = {};
    for (const key of Object.keys(newFields) as (keyof typeof newFields)[]) {
      if (!same(oldFields[key], newFields[key])) Object.assign(changes, { [key]: newFields[key] });
    }
    if (Object.keys(changes).length > 0) update.push({ id: row.bookId, changes });
  }
  const kept = new Set(current.map((row) => row.bookId).filter((id) => id !== undefined));
  const remove = [...loadedById.keys()].filter((id) => !kept.has(id));
  return { create, update, remove };
}

/** True when the save request would change nothing. */
export function isEmptySave(request: SaveProfileRequest): boolean {
  const books = request.books ?? { create: [], update: [], remove: [] };
  return (
    Object.keys(request.profile ?? {}).length === 0 &&
    request.admin === undefined &&
    (books.create ?? []).length === 0 &&
    (books.update ?? []).length === 0 &&
    (books.remove ?? []).length === 0
  );
}

/** The form's values after a successful save: the slug as the server settled it, new books with their ids, blank new rows gone. */
export function valuesAfterSave(
  current: ProfileFormValues,
  pageSlug: string,
  createdBookIds: readonly string[],
): ProfileFormValues {
  let next = 0;
  const books: BookRow[] = [];
  for (const row of current.books) {
    if (row.bookId !== undefined) books.push(row);
    else if (row.title.trim() !== '') books.push({ ...row, bookId: createdBookIds[next++] });
  }
  return { ...current, page_slug: pageSlug, books };
}
