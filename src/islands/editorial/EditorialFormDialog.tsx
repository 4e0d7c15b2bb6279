/**
 * The create/edit dialog of a blog post or newsletter: the spec's fields with
 * inline errors from the entity's form schema, the Published switch (new items
 * start unpublished), and a preview drawn by the same renderer as the pages.
 * Cancel or a successful save resets and closes it; the island mounts a fresh
 * dialog (a new key) each time it opens, so it starts from the item's values.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import * as Switch from '@radix-ui/react-switch';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { blogPostFormSchema } from '../../domain/blog-post.ts';
import type { EditorialCollection } from '../../domain/editorial.ts';
import { renderLightMarkup } from '../../domain/light-markup.ts';
import { newsletterFormSchema } from '../../domain/newsletter.ts';
import type { EditorialForm, EditorialItem } from '../../data/client/editorial.ts';
import { showToast } from '../../lib/toast.ts';
import { EDITORIAL_TEXTS } from './texts.ts';

const INPUT =
  'w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent aria-[invalid=true]:border-red-700';

/** The form's fields as typed: every text a string, the switch a boolean. */
interface Values {
  title: string;
  author: string;
  excerpt: string;
  featured_image: string;
  subtitle: string;
  content: string;
  is_published: boolean;
}

function initialValues(item: EditorialItem<EditorialCollection> | null): Values {
  const any = (item ?? {}) as Partial<Record<keyof Values, unknown>>;
  const text = (key: keyof Values) => (typeof any[key] === 'string' ? (any[key] as string) : '');
  return {
    title: text('title'),
    author: text('author'),
    excerpt: text('excerpt'),
    featured_image: text('featured_image'),
    subtitle: text('subtitle'),
    content: text('content'),
    is_published: item?.is_published ?? false,
  };
}

interface Props<C extends EditorialCollection> {
  collection: C;
  /** The item being edited, or null to create one. */
  item: EditorialItem<C> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Saves the parsed form; throws on failure. */
  onSave: (form: EditorialForm<C>) => Promise<void>;
}

export default function EditorialFormDialog<C extends EditorialCollection>({
  collection,
  item,
  open,
  onOpenChange,
  onSave,
}: Props<C>) {
  const texts = EDITORIAL_TEXTS[collection];
  const blog = collection === 'blog_posts';
  const schema: z.ZodType = blog ? blogPostFormSchema : newsletterFormSchema;
  const form = useForm<Values>({
    // The schema's output is the entity form; the fields it ignores (subtitle on a post) are dropped by it.
    resolver: zodResolver(schema as never) as never,
    defaultValues: initialValues(item),
  });
  const [preview, setPreview] = useState(false);
  const { register, handleSubmit, reset, control, formState } = form;
  const content = useWatch({ control, name: 'content' });
  const errors = formState.errors as FieldErrors<Values>;

  async function submit(values: Values) {
    try {
      await onSave(values as unknown as EditorialForm<C>);
      showToast({ title: 'Success', description: item ? texts.updated : texts.created });
      reset(initialValues(null));
      onOpenChange(false);
    } catch (error) {
      console.error(texts.saveFailed, error);
      const description =
        error instanceof Error && error.message === 'Not authenticated'
          ? 'Not authenticated'
          : texts.saveFailed;
      showToast({ title: 'Error', description, variant: 'destructive' });
    }
  }

  const field = (
    name: keyof Values,
    label: string,
    opts: { required?: boolean; rows?: number; hint?: string } = {},
  ) => {
    const id = `ed-${name}`;
    const error = errors[name]?.message;
    const describedBy =
      [opts.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    const common = {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      'aria-required': opts.required,
      className: INPUT,
    };
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
          {label}
          {opts.required ? (
            <span aria-hidden="true" className="text-red-700">
              {' *'}
            </span>
          ) : null}
        </label>
        {opts.rows ? (
          <textarea rows={opts.rows} {...register(name)} {...common} />
        ) : (
          <input type="text" {...register(name)} {...common} />
        )}
        {opts.hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
            {opts.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  const busy = formState.isSubmitting;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        {/* A plain backdrop, not Dialog.Overlay: the Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-line bg-paper p-6 shadow-xl"
          aria-describedby={undefined}
        >
          <Dialog.Title className="mb-4 text-xl font-bold">
            {item ? texts.editTitle : texts.createTitle}
          </Dialog.Title>
          <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
            {field('title', 'Title', { required: true })}
            {blog && field('author', 'Author', { required: true })}
            {blog && field('excerpt', 'Excerpt', { rows: 2 })}
            {blog &&
              field('featured_image', 'Featured Image URL', {
                hint: 'A full https:// address or a /media/ path.',
              })}
            {!blog && field('subtitle', 'Subtitle')}
            {preview ? (
              <section aria-label="Preview" className="rounded-md border border-line bg-white p-4">
                <div
                  className="light-markup"
                  // The renderer escapes every character of the input; its HTML has only its own tags.
                  dangerouslySetInnerHTML={{
                    __html: renderLightMarkup(content, blog ? 'blog' : 'newsletter'),
                  }}
                />
              </section>
            ) : (
              field('content', 'Content', {
                required: true,
                rows: 15,
                hint: blog
                  ? "'## ' heading, '### ' subheading, '**Label:** text' list items, '*quote - source*', a fully bold line is centred, '---' a rule; blank lines separate paragraphs."
                  : "As in the blog, plus '1. **Item** text' and '- **Item** text' list items.",
              })
            )}
            <div className="flex items-center gap-3">
              <Controller
                control={control}
                name="is_published"
                render={({ field: sw }) => (
                  <Switch.Root
                    id="ed-is_published"
                    checked={sw.value}
                    onCheckedChange={sw.onChange}
                    className="relative h-6 w-11 rounded-full bg-line data-[state=checked]:bg-accent"
                  >
                    <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                  </Switch.Root>
                )}
              />
              <label htmlFor="ed-is_published" className="text-sm font-semibold text-ink">
                Published
              </label>
            </div>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <button type="button" className="btn btn-outline" onClick={() => setPreview((p) => !p)}>
                {preview ? 'Edit content' : 'Preview'}
              </button>
              <Dialog.Close className="btn btn-outline" disabled={busy} type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Saving...' : item ? 'Update' : 'Create'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
