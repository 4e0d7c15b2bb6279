// The page-content form's pure half: which widget each content field gets,
// its label, and the one-per-line lists. The same zod schema validates both
// the fields and the raw JSON editor (contentSchemaOf).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  contentFieldKind,
  contentFieldLabel,
  contentShape,
  linesToList,
} from '../../../../src/domain/admin/admin-content';
import {
  BENEFIT_ICONS,
  DEFAULT_ABOUT_CONTENT,
  DEFAULT_MEMBERSHIP_CONTENT,
  FEATURE_ICONS,
} from '../../../../src/domain/site/page-content';
import ContentFields from '../../../../src/islands/admin/ContentFields';

describe('contentFieldKind', () => {
  it('gives lists, items, one-per-line texts, choices, flags and texts their widgets', () => {
    expect(contentFieldKind('membership', 'plans', [])).toMatchObject({ kind: 'list', max: 4 });
    expect(contentFieldKind('membership', 'plans.0', { type: 'free' })).toEqual({ kind: 'group' });
    expect(contentFieldKind('membership', 'plans.0.features', [])).toEqual({ kind: 'lines' });
    expect(contentFieldKind('membership', 'plans.1.type', 'premium')).toEqual({
      kind: 'choice',
      options: ['free', 'premium'],
    });
    expect(contentFieldKind('membership', 'plans.1.popular', true)).toEqual({ kind: 'boolean' });
    expect(contentFieldKind('membership', 'benefits.2.icon', 'Star')).toEqual({
      kind: 'choice',
      options: BENEFIT_ICONS,
    });
    expect(contentFieldKind('about', 'features.0.icon', 'Users')).toEqual({
      kind: 'choice',
      options: FEATURE_ICONS,
    });
    expect(contentFieldKind('about', 'vision.badges', [])).toEqual({ kind: 'lines' });
    expect(contentFieldKind('about', 'hero', {})).toEqual({ kind: 'group' });
    expect(contentFieldKind('about', 'hero.title', '')).toEqual({ kind: 'text' });
    expect(contentFieldKind('about', 'mission.content', '')).toEqual({ kind: 'paragraph' });
    expect(contentFieldKind('membership', 'cta.description', '')).toEqual({ kind: 'paragraph' });
  });

  it('adds blank items the schema accepts', () => {
    const plans = contentFieldKind('membership', 'plans', []);
    const features = contentFieldKind('about', 'features', []);
    if (plans.kind !== 'list' || features.kind !== 'list') throw new Error('not lists');
    expect(plans.blank()).toMatchObject({ type: 'premium', features: [] });
    expect(features.blank()).toMatchObject({ icon: FEATURE_ICONS[0] });
  });
});

describe('labels and lines', () => {
  it('labels fields from their path, counting from 1', () => {
    expect(contentShape('plans.0.features')).toBe('plans.features');
    expect(contentFieldLabel('plans.1.features')).toBe('Plans 2 Features');
    expect(contentFieldLabel('cta.title')).toBe('Call to Action Title');
    expect(contentFieldLabel('hero.description')).toBe('Hero Description');
  });

  it('keeps each non-blank line, trimmed', () => {
    expect(linesToList(' one \n\n two\n')).toEqual(['one', 'two']);
    expect(linesToList('')).toEqual([]);
  });
});

describe('ContentFields', () => {
  const render = (slug: 'about' | 'membership', content: unknown) =>
    renderToStaticMarkup(createElement(ContentFields, { slug, content, onValid: () => {} }));

  it('renders a labelled field for every part of the membership content', () => {
    const html = render('membership', DEFAULT_MEMBERSHIP_CONTENT);
    expect(html).toMatch(/<label for="content-membership-hero-title"[^>]*>Hero Title<\/label>/);
    expect(html).toMatch(/<input (?=[^>]*id="content-membership-hero-title")(?=[^>]*name="hero.title")/);
    expect(html).toContain('name="plans.1.popular"');
    expect(html).toContain('Plans 1 Features');
    expect(html).toContain('>Add to Plans</button>');
    expect(html).toContain('>Remove Benefits 1</button>');
    expect(html).toContain('<option value="Crown"');
  });

  it('renders the about content with its badges one per line', () => {
    const html = render('about', DEFAULT_ABOUT_CONTENT);
    expect(html).toContain('Vision Badges');
    expect(html).toContain(DEFAULT_ABOUT_CONTENT.vision.badges.join('\n'));
    expect(html).toMatch(/<label for="content-about-mission-content"[^>]*>Mission Content<\/label>/);
    expect(html).toMatch(
      /<textarea (?=[^>]*id="content-about-mission-content")(?=[^>]*name="mission.content")/,
    );
  });
});
