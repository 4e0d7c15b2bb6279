/**
 * The create/edit dialog of a blog post or newsletter: the spec's fields with
 * inline errors from the entity's form schema, the Published switch (new items
 * start unpublished), and a preview drawn by the same renderer as the pages.
 * Cancel or a successful save resets and closes it; the island mounts a fresh
 * dialog (a new key) each time it opens, so it starts from the item's values.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { blogPostFormSchema } from '../../domain/editorial/blog-post.ts';
import type { EditorialCollection } from '../../domain/editorial/editorial.ts';
import { renderLightMarkup } from '../../domain/shared/light-markup.ts';
import { newsletterFormSchema } from '../../domain/editorial/newsletter.ts';
import type { EditorialForm, EditorialItem } from '../../data/client/editorial/editorial.ts';
import { showToast } from '../../lib/toast.ts';
import Dialog, { DialogClose } from '../ui/Dialog.tsx';
import { SubmitButton, TextArea, TextInput } from '../ui/fields.tsx';
import Switch from '../ui/Switch.tsx';
import { EDITORIAL_TEXTS } from './texts.ts';

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
  const { handleSubmit, reset, control, formState } = form;
  const content = useWatch({ control, name: 'content' });

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
    const props = { name, label, idPrefix: 'ed', hint: opts.hint, markRequired: opts.required };
    return opts.rows ? <TextArea {...props} rows={opts.rows} /> : <TextInput {...props} />;
  };

  const busy = formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={item ? texts.editTitle : texts.createTitle}
      description={false}
      wide
    >
      <FormProvider {...form}>
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
                <Switch id="ed-is_published" checked={sw.value} onCheckedChange={sw.onChange} />
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
            <DialogClose className="btn btn-outline" disabled={busy} type="button">
              Cancel
            </DialogClose>
            <SubmitButton busy={busy} busyLabel="Saving...">
              {item ? 'Update' : 'Create'}
            </SubmitButton>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
