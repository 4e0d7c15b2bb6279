// A stored profile, as the editor loads it, for the profile editor's unit tests.
import type { Profile } from '../../../src/domain/accounts/profile.ts';
import { profileSchema } from '../../../src/domain/accounts/profile.ts';

/** Jane's profile, saved once. */
export function storedProfile(overrides: Partial<Profile> = {}): Profile {
  return profileSchema.parse({
    id: 'jane-uid',
    user_id: 'jane-uid',
    page_slug: 'jane-doe',
    display_name: 'Jane Doe',
    role: 'User',
    category: 'Book Author',
    about_me: 'I write mysteries.',
    social_links: { website: 'https://jane.example' },
    approval_status: 'approved',
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-02-01T12:00:00Z'),
    ...overrides,
  });
}
