// The names a mail may carry. A mail goes out under the site's name, so any text
// in it that a member chose must be text we would accept on their page: the
// display-name rules of sign-up (length, no web address, no hidden control
// characters; the HTML body escapes the rest). The name on the Auth record is
// never used: any signed-in client can set it to a sentence with a link
// (updateProfile).
import { displayNameSchema } from './display-name.ts';

/**
 * The display name to put in a mail (trimmed), or null when the sign-up rules
 * refuse it, or it is not a string at all. Callers then write a neutral
 * greeting or phrase instead of the text.
 */
export function mailSafeName(name: unknown): string | null {
  const parsed = displayNameSchema.safeParse(name);
  return parsed.success ? parsed.data : null;
}
