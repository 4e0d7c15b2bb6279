/** The admin island's words per collection, as the product names them. */
import type { EditorialCollection } from '../../domain/editorial/editorial.ts';

/** Labels, dialog titles, toasts and questions of one collection. */
export interface EditorialTexts {
  /** The toolbar button. */
  newButton: string;
  /** The create dialog's title. */
  createTitle: string;
  /** The edit dialog's title. */
  editTitle: string;
  /** Success toasts. */
  created: string;
  updated: string;
  deleted: string;
  /** Failure toasts. */
  saveFailed: string;
  deleteFailed: string;
  /** The delete confirmation. */
  confirmDelete: string;
}

/** The texts of each collection. */
export const EDITORIAL_TEXTS: Record<EditorialCollection, EditorialTexts> = {
  blog_posts: {
    newButton: 'New Post',
    createTitle: 'New Blog Post',
    editTitle: 'Edit Blog Post',
    created: 'Blog post created!',
    updated: 'Blog post updated!',
    deleted: 'Blog post deleted!',
    saveFailed: 'Failed to save blog post',
    deleteFailed: 'Failed to delete blog post',
    confirmDelete: 'Are you sure you want to delete this blog post?',
  },
  newsletters: {
    newButton: 'New Newsletter',
    createTitle: 'New Newsletter',
    editTitle: 'Edit Newsletter',
    created: 'Newsletter created!',
    updated: 'Newsletter updated!',
    deleted: 'Newsletter deleted!',
    saveFailed: 'Failed to save newsletter',
    deleteFailed: 'Failed to delete newsletter',
    confirmDelete: 'Are you sure you want to delete this newsletter?',
  },
};
