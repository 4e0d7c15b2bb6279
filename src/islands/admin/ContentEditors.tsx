import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTENT_EDITOR_ROWS,
  legalFormSchema,
  pageFormSchemaOf,
  parseContentJson,
  type AdminContentRequest,
  type LegalFormValues,
  type PageFormValues,
} from '../../domain/admin/admin-content.ts';
import {
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENT_TYPES,
  type LegalDocumentType,
} from '../../domain/site/legal-document.ts';
import {
  DEFAULT_ABOUT_CONTENT,
  DEFAULT_MEMBERSHIP_CONTENT,
  PAGE_SLUGS,
  type PageSlug,
} from '../../domain/site/page-content.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { AreaField, Field, SubmitButton } from '../ui/fields.tsx';
import { useAsync } from '../ui/use-async.ts';
import ContentFields from './ContentFields.tsx';

function api() {
  return import('../../data/client/admin/admin-content.ts');
}

async function call(request: AdminContentRequest, failure: string) {
  const outcome = await (await api()).adminContent(request);
  if (!outcome.ok)
    showToast({
      title: 'Error',
      description: outcome.code === 'invalid-argument' ? `${failure} ${outcome.message}` : failure,
      variant: 'destructive',
    });
  return outcome;
}

/** Runs a load, and says `failure` in the 'Error' toast when it fails (the caller shows it in place too). */
async function loadOrSay<T>(load: () => Promise<T>, failure: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    showToast({ title: 'Error', description: failure, variant: 'destructive' });
    throw error;
  }
}

const PAGE_TITLES: Record<PageSlug, string> = { about: 'About', membership: 'Membership' };

/** One page's editor: loads the page, then its form. */
function PageEditor({ slug }: { slug: PageSlug }) {
  const [page] = useAsync(
    () =>
      loadOrSay(async () => {
        const stored = await (await api()).loadPage(slug);
        return {
          title: stored?.title ?? PAGE_TITLES[slug],
          subtitle: stored?.subtitle ?? '',
          meta_description: stored?.meta_description ?? '',
          is_published: stored?.is_published ?? true,
          content: stored?.content ?? (slug === 'about' ? DEFAULT_ABOUT_CONTENT : DEFAULT_MEMBERSHIP_CONTENT),
        } as PageFormValues;
      }, 'Failed to load page content.'),
    [slug],
    'Failed to load page content.',
  );
  return (
    <AsyncContent state={page} loading="Loading page content…" failed="Failed to load page content.">
      {(loaded) => <PageForm slug={slug} loaded={loaded} />}
    </AsyncContent>
  );
}

/**
 * A page's fields, its content as form fields, and the same content as raw
 * JSON whose edits apply only while valid. The JSON text is a second view of
 * the form's `content`: a valid edit replaces the content (and restarts the
 * content fields from it); an invalid one is kept on screen with its error.
 */
function PageForm({ slug, loaded }: { slug: PageSlug; loaded: PageFormValues }) {
  const schema = useMemo(() => pageFormSchemaOf(slug), [slug]);
  const { register, handleSubmit, formState, getValues, setValue } = useForm<PageFormValues>({
    resolver: zodResolver(schema),
    defaultValues: loaded,
  });
  const [json, setJson] = useState(() => JSON.stringify(loaded.content, null, 2));
  // Bumped when a valid JSON edit replaces the content, so the content fields start again from it.
  const [fieldsVersion, setFieldsVersion] = useState(0);
  const parsedJson = useMemo(() => parseContentJson(slug, json), [slug, json]);
  const jsonError = parsedJson.ok ? null : parsedJson.error;

  // A valid edit in the content fields rewrites the JSON; unchanged content leaves the text as typed.
  const fromFields = useCallback(
    (content: unknown) => {
      if (JSON.stringify(getValues('content')) === JSON.stringify(content)) return;
      setValue('content', content as PageFormValues['content']);
      setJson(JSON.stringify(content, null, 2));
    },
    [getValues, setValue],
  );

  function editJson(text: string) {
    setJson(text);
    const parsed = parseContentJson(slug, text);
    if (!parsed.ok) return;
    setValue('content', parsed.content as PageFormValues['content']);
    setFieldsVersion((version) => version + 1);
  }

  async function save(values: PageFormValues) {
    const outcome = await call(
      { action: 'save-page', page: { page_slug: slug, ...values } } as AdminContentRequest,
      'Failed to save page content.',
    );
    if (outcome.ok)
      showToast({
        title: 'Success',
        description: `${PAGE_TITLES[slug]} page saved. The public page follows within about a minute.`,
      });
  }

  const id = (name: string) => `page-${slug}-${name}`;
  const errors = formState.errors;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => void handleSubmit(save)(event)}
      aria-label={`${PAGE_TITLES[slug]} page`}
    >
      <Field id={id('title')} label="Title" error={errors.title?.message} {...register('title')} />
      <Field
        id={id('subtitle')}
        label="Subtitle"
        error={errors.subtitle?.message}
        {...register('subtitle')}
      />
      <Field
        id={id('meta')}
        label="Meta Description"
        error={errors.meta_description?.message}
        {...register('meta_description')}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" {...register('is_published')} />
        Published
      </label>
      <ContentFields key={fieldsVersion} slug={slug} content={getValues('content')} onValid={fromFields} />
      <AreaField
        id={id('json')}
        label="Content (JSON)"
        rows={CONTENT_EDITOR_ROWS}
        className="font-mono text-sm"
        value={json}
        spellCheck={false}
        error={jsonError ? `${jsonError} The last valid content is kept until this is fixed.` : undefined}
        alertError
        onChange={(e) => editJson(e.target.value)}
      />
      <SubmitButton busy={formState.isSubmitting}>{`Save ${PAGE_TITLES[slug]} Page`}</SubmitButton>
    </form>
  );
}

/** One legal document's editor: loads it, then its form. */
function LegalEditor({ type }: { type: LegalDocumentType }) {
  const [doc] = useAsync(
    () =>
      loadOrSay(async () => {
        const stored = await (await api()).loadLegal(type);
        return { title: stored?.title ?? LEGAL_DOCUMENT_TITLES[type], content: stored?.content ?? '' };
      }, 'Failed to load legal documents.'),
    [type],
    'Failed to load legal documents.',
  );
  return (
    <AsyncContent
      state={doc}
      loading={`Loading ${LEGAL_DOCUMENT_TITLES[type]}…`}
      failed="Failed to load legal documents."
    >
      {(loaded) => <LegalForm type={type} loaded={loaded} />}
    </AsyncContent>
  );
}

/** Title and Markdown, with a preview rendered by the public pages' sanitiser. */
function LegalForm({ type, loaded }: { type: LegalDocumentType; loaded: LegalFormValues }) {
  const { register, handleSubmit, formState, getValues } = useForm<LegalFormValues>({
    resolver: zodResolver(legalFormSchema),
    defaultValues: loaded,
  });
  const [preview, setPreview] = useState<string | null>(null);

  async function showPreview() {
    const outcome = await call(
      { action: 'preview-legal', content: getValues('content') },
      'The preview could not be rendered.',
    );
    if (outcome.ok) setPreview(String(outcome.data.html ?? ''));
  }

  async function save(values: LegalFormValues) {
    const outcome = await call(
      { action: 'save-legal', document_type: type, ...values },
      'Failed to save document.',
    );
    if (outcome.ok) showToast({ title: 'Success', description: `${values.title} saved.` });
  }

  const id = (name: string) => `legal-${type}-${name}`;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => void handleSubmit(save)(event)}
      aria-label={LEGAL_DOCUMENT_TITLES[type]}
    >
      <Field id={id('title')} label="Title" error={formState.errors.title?.message} {...register('title')} />
      <AreaField
        id={id('content')}
        label="Content (Markdown)"
        rows={CONTENT_EDITOR_ROWS}
        className="font-mono text-sm"
        error={formState.errors.content?.message}
        {...register('content')}
      />
      <div className="flex gap-2">
        <button type="button" className="btn btn-outline" onClick={() => void showPreview()}>
          Preview
        </button>
        <SubmitButton busy={formState.isSubmitting}>Save Document</SubmitButton>
      </div>
      {preview !== null ? (
        // The HTML comes from the server's renderMarkdown: the same sanitiser as /terms and /privacy.
        <div
          className="prose-legal rounded border border-line bg-white p-4"
          aria-label="Preview"
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      ) : null}
    </form>
  );
}

/** Page content (about, membership) and legal documents (terms, privacy). */
export default function ContentEditors() {
  return (
    <div className="space-y-10">
      {PAGE_SLUGS.map((slug) => (
        <section key={slug} aria-labelledby={`page-${slug}-heading`} className="space-y-3">
          <h2 id={`page-${slug}-heading`} className="text-xl font-bold">
            {PAGE_TITLES[slug]} page
          </h2>
          <PageEditor slug={slug} />
        </section>
      ))}
      {LEGAL_DOCUMENT_TYPES.map((type) => (
        <section key={type} aria-labelledby={`legal-${type}-heading`} className="space-y-3">
          <h2 id={`legal-${type}-heading`} className="text-xl font-bold">
            {LEGAL_DOCUMENT_TITLES[type]}
          </h2>
          <LegalEditor type={type} />
        </section>
      ))}
    </div>
  );
}
