import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  CONTENT_EDITOR_ROWS,
  parseContentJson,
  type AdminContentRequest,
} from '../../domain/admin-content.ts';
import {
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENT_TYPES,
  type LegalDocumentType,
} from '../../domain/legal-document.ts';
import {
  DEFAULT_ABOUT_CONTENT,
  DEFAULT_MEMBERSHIP_CONTENT,
  PAGE_SLUGS,
  type PageSlug,
} from '../../domain/page-content.ts';
import { showToast } from '../../lib/toast.ts';
import ContentFields from './ContentFields.tsx';

const INPUT =
  'w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent aria-[invalid=true]:border-red-700';

function api() {
  return import('../../data/client/admin-content.ts');
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

interface PageDraft {
  title: string;
  subtitle: string;
  meta_description: string;
  is_published: boolean;
  json: string;
  /** The last valid content parsed from `json`: what is saved. */
  content: unknown;
  jsonError: string | null;
  /** Bumped when a valid JSON edit replaces the content, so the fields start again from it. */
  formVersion: number;
}

const PAGE_TITLES: Record<PageSlug, string> = { about: 'About', membership: 'Membership' };

/** One page's editor: its fields, and its content as raw JSON whose edits apply only while valid. */
function PageEditor({ slug }: { slug: PageSlug }) {
  const [draft, setDraft] = useState<PageDraft | 'loading' | 'failed'>('loading');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A valid edit in the fields rewrites the JSON (the fields are not remounted).
  const fromFields = useCallback((content: unknown) => {
    // Unchanged content leaves the JSON text as typed (no reformatting under the cursor).
    setDraft((current) =>
      typeof current === 'object' && JSON.stringify(current.content) !== JSON.stringify(content)
        ? { ...current, content, json: JSON.stringify(content, null, 2), jsonError: null }
        : current,
    );
  }, []);

  useEffect(() => {
    void api()
      .then((m) => m.loadPage(slug))
      .then((stored) => {
        const content =
          stored?.content ?? (slug === 'about' ? DEFAULT_ABOUT_CONTENT : DEFAULT_MEMBERSHIP_CONTENT);
        setDraft({
          title: stored?.title ?? PAGE_TITLES[slug],
          subtitle: stored?.subtitle ?? '',
          meta_description: stored?.meta_description ?? '',
          is_published: stored?.is_published ?? true,
          json: JSON.stringify(content, null, 2),
          content,
          jsonError: null,
          formVersion: 0,
        });
      })
      .catch((error: unknown) => {
        console.error('Failed to load page content.', error);
        showToast({ title: 'Error', description: 'Failed to load page content.', variant: 'destructive' });
        setDraft('failed');
      });
  }, [slug]);

  if (draft === 'loading') return <p role="status">Loading page content…</p>;
  if (draft === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        Failed to load page content.
      </p>
    );

  function editJson(json: string) {
    if (typeof draft !== 'object') return;
    const parsed = parseContentJson(slug, json);
    setDraft(
      parsed.ok
        ? { ...draft, json, content: parsed.content, jsonError: null, formVersion: draft.formVersion + 1 }
        : { ...draft, json, jsonError: parsed.error },
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (typeof draft !== 'object') return;
    if (draft.title.trim() === '') {
      setTitleError('Title is required');
      return;
    }
    setTitleError(null);
    setBusy(true);
    const page = {
      page_slug: slug,
      title: draft.title,
      subtitle: draft.subtitle,
      meta_description: draft.meta_description,
      is_published: draft.is_published,
      content: draft.content,
    };
    const outcome = await call(
      { action: 'save-page', page } as AdminContentRequest,
      'Failed to save page content.',
    );
    setBusy(false);
    if (outcome.ok)
      showToast({
        title: 'Success',
        description: `${PAGE_TITLES[slug]} page saved. The public page follows within about a minute.`,
      });
  }

  const id = (name: string) => `page-${slug}-${name}`;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`${PAGE_TITLES[slug]} page`}
    >
      <div>
        <label htmlFor={id('title')} className="mb-1 block text-sm font-semibold">
          Title
        </label>
        <input
          id={id('title')}
          className={INPUT}
          value={draft.title}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? id('title-error') : undefined}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        />
        {titleError ? (
          <p id={id('title-error')} role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {titleError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={id('subtitle')} className="mb-1 block text-sm font-semibold">
          Subtitle
        </label>
        <input
          id={id('subtitle')}
          className={INPUT}
          value={draft.subtitle}
          onChange={(e) => setDraft({ ...draft, subtitle: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={id('meta')} className="mb-1 block text-sm font-semibold">
          Meta Description
        </label>
        <input
          id={id('meta')}
          className={INPUT}
          value={draft.meta_description}
          onChange={(e) => setDraft({ ...draft, meta_description: e.target.value })}
        />
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={draft.is_published}
          onChange={(e) => setDraft({ ...draft, is_published: e.target.checked })}
        />
        Published
      </label>
      <ContentFields key={draft.formVersion} slug={slug} content={draft.content} onValid={fromFields} />
      <div>
        <label htmlFor={id('json')} className="mb-1 block text-sm font-semibold">
          Content (JSON)
        </label>
        <textarea
          id={id('json')}
          rows={CONTENT_EDITOR_ROWS}
          className={`${INPUT} font-mono text-sm`}
          value={draft.json}
          spellCheck={false}
          aria-invalid={draft.jsonError ? true : undefined}
          aria-describedby={draft.jsonError ? id('json-error') : undefined}
          onChange={(e) => editJson(e.target.value)}
        />
        {draft.jsonError ? (
          <p id={id('json-error')} role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {draft.jsonError} The last valid content is kept until this is fixed.
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : `Save ${PAGE_TITLES[slug]} Page`}
      </button>
    </form>
  );
}

/** One legal document: title and Markdown, with a preview rendered by the public pages' sanitiser. */
function LegalEditor({ type }: { type: LegalDocumentType }) {
  const [doc, setDoc] = useState<{ title: string; content: string } | 'loading' | 'failed'>('loading');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api()
      .then((m) => m.loadLegal(type))
      .then((stored) =>
        setDoc({ title: stored?.title ?? LEGAL_DOCUMENT_TITLES[type], content: stored?.content ?? '' }),
      )
      .catch((error: unknown) => {
        console.error('Failed to load legal documents.', error);
        showToast({ title: 'Error', description: 'Failed to load legal documents.', variant: 'destructive' });
        setDoc('failed');
      });
  }, [type]);

  if (doc === 'loading') return <p role="status">Loading {LEGAL_DOCUMENT_TITLES[type]}…</p>;
  if (doc === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        Failed to load legal documents.
      </p>
    );

  async function showPreview() {
    if (typeof doc !== 'object') return;
    const outcome = await call(
      { action: 'preview-legal', content: doc.content },
      'The preview could not be rendered.',
    );
    if (outcome.ok) setPreview(String(outcome.data.html ?? ''));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (typeof doc !== 'object') return;
    setBusy(true);
    const outcome = await call(
      { action: 'save-legal', document_type: type, title: doc.title, content: doc.content },
      'Failed to save document.',
    );
    setBusy(false);
    if (outcome.ok) showToast({ title: 'Success', description: `${doc.title} saved.` });
  }

  const id = (name: string) => `legal-${type}-${name}`;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={LEGAL_DOCUMENT_TITLES[type]}
    >
      <div>
        <label htmlFor={id('title')} className="mb-1 block text-sm font-semibold">
          Title
        </label>
        <input
          id={id('title')}
          className={INPUT}
          value={doc.title}
          onChange={(e) => setDoc({ ...doc, title: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={id('content')} className="mb-1 block text-sm font-semibold">
          Content (Markdown)
        </label>
        <textarea
          id={id('content')}
          rows={CONTENT_EDITOR_ROWS}
          className={`${INPUT} font-mono text-sm`}
          value={doc.content}
          onChange={(e) => setDoc({ ...doc, content: e.target.value })}
        />
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-outline" onClick={() => void showPreview()}>
          Preview
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save Document'}
        </button>
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
