// The server HTML of the profile picture field (what shows before hydration):
// the picture with its srcset or the placeholder, a labelled group, and buttons
// that wait for hydration. The behaviour after a file is chosen runs in the
// browser: the upload rules are tested in tests/unit/domain/media/image-upload.test.ts,
// the endpoint in tests/e2e/media/uploads.spec.ts.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProfileImageField from '../../../../src/islands/media/ProfileImageField';

const render = (value: string, label?: string) =>
  renderToStaticMarkup(createElement(ProfileImageField, { value, onChange: () => {}, userId: 'u1', label }));

describe('ProfileImageField', () => {
  it('shows the placeholder and "Choose image" when there is no picture', () => {
    const html = render('');
    expect(html).toContain('src="/placeholder-avatar.svg"');
    expect(html).toContain('alt="No profile image yet"');
    expect(html).toContain('>Choose image</button>');
    expect(html).not.toContain('Remove image');
  });

  it('shows an uploaded picture with every width in its srcset, and offers to change or remove it', () => {
    const html = render('/media/u1/profile-images/abc/w640.webp', 'Author photo');
    expect(html).toContain('src="/media/u1/profile-images/abc/w640.webp"');
    expect(html).toContain(
      'srcSet="/media/u1/profile-images/abc/w160.webp 160w, /media/u1/profile-images/abc/w320.webp 320w, /media/u1/profile-images/abc/w640.webp 640w"',
    );
    expect(html).toContain('alt="Current author photo"');
    expect(html).toContain('>Author photo</span>');
    expect(html).toContain('>Change image</button>');
    expect(html).toContain('>Remove image</button>');
  });

  it('keeps its buttons disabled until React runs, and accepts only the formats the server takes', () => {
    const html = render('');
    expect(html).toMatch(/<button type="button" class="btn btn-outline" disabled=""/);
    expect(html).toContain('accept="image/jpeg,image/png,image/gif,image/webp,image/avif"');
    expect(html).toContain('role="group"');
  });
});
