/** The home page's newsletter and blog teasers, built from published items. */
import type { BlogPost } from './blog-post.ts';
import { editorialPath } from './editorial.ts';
import { lightMarkupSummary } from '../shared/light-markup.ts';
import type { Newsletter } from './newsletter.ts';

/** One teaser line. */
export interface EditorialTeaser {
  /** The item's page. */
  href: string;
  /** Headline. */
  title: string;
  /** One-line summary: excerpt or subtitle, else the first paragraph, shortened. */
  summary: string;
  /** Creation time, shown as the date. */
  date: Date;
}

/** Longest teaser summary. */
const SUMMARY_MAX = 140;

/** A blog post's teaser. */
export function blogTeaser(post: BlogPost): EditorialTeaser {
  return {
    href: editorialPath('blog_posts', post),
    title: post.title,
    summary: post.excerpt || lightMarkupSummary(post.content, 'blog', SUMMARY_MAX),
    date: post.created_at,
  };
}

/** A newsletter's teaser. */
export function newsletterTeaser(newsletter: Newsletter): EditorialTeaser {
  return {
    href: editorialPath('newsletters', newsletter),
    title: newsletter.title,
    summary: newsletter.subtitle || lightMarkupSummary(newsletter.content, 'newsletter', SUMMARY_MAX),
    date: newsletter.created_at,
  };
}
