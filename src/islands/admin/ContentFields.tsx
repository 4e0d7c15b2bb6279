import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import {
  Controller,
  FormProvider,
  get,
  useFieldArray,
  useForm,
  useFormContext,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import {
  contentFieldKind,
  contentFieldLabel,
  contentSchemaOf,
  linesToList,
} from '../../domain/admin-content.ts';
import type { PageSlug } from '../../domain/page-content.ts';

const INPUT =
  'w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent aria-[invalid=true]:border-red-700';

interface NodeProps {
  slug: PageSlug;
  path: string;
  value: unknown;
}

function idOf(slug: PageSlug, path: string) {
  return `content-${slug}-${path.replace(/\./g, '-')}`;
}

/** The inline error of the field at `path`, if any. */
function FieldError({ id, path }: { id: string; path: string }) {
  const {
    formState: { errors },
  } = useFormContext();
  const message = (get(errors, path) as { message?: string } | undefined)?.message;
  return message ? (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
      {message}
    </p>
  ) : null;
}

function useInvalid(path: string): boolean {
  const {
    formState: { errors },
  } = useFormContext();
  return get(errors, path) !== undefined;
}

/** A list of short texts edited one per line; its own text keeps blank lines while typing. */
function LinesField({ slug, path, value }: NodeProps) {
  const { control } = useFormContext();
  const [text, setText] = useState(Array.isArray(value) ? value.join('\n') : '');
  const id = idOf(slug, path);
  const invalid = useInvalid(path);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {contentFieldLabel(path)} <span className="font-normal text-ink-muted">(one per line)</span>
      </label>
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <textarea
            id={id}
            rows={4}
            className={INPUT}
            value={text}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onBlur={field.onBlur}
            onChange={(event) => {
              setText(event.target.value);
              field.onChange(linesToList(event.target.value));
            }}
          />
        )}
      />
      <FieldError id={id} path={path} />
    </div>
  );
}

/** A list of items (plans, benefits, features) with Add and Remove. */
function ListField({
  slug,
  path,
  max,
  blank,
}: NodeProps & { max: number; blank: () => Record<string, unknown> }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: path });
  const label = contentFieldLabel(path);
  return (
    <fieldset className="space-y-3 rounded border border-line p-3">
      <legend className="px-1 font-semibold">{label}</legend>
      {fields.map((field, index) => {
        const itemPath = `${path}.${index}`;
        const { id: _key, ...item } = field as Record<string, unknown> & { id: string };
        return (
          <div key={field.id} className="space-y-2 rounded border border-line p-3">
            <Node slug={slug} path={itemPath} value={item} />
            <button type="button" className="btn btn-outline" onClick={() => remove(index)}>
              Remove {contentFieldLabel(itemPath)}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-outline"
        disabled={fields.length >= max}
        onClick={() => append(blank())}
      >
        Add to {label}
      </button>
    </fieldset>
  );
}

/** One field of the content: a group of fields, a list, or a single input chosen by contentFieldKind. */
function Node({ slug, path, value }: NodeProps) {
  const { register } = useFormContext();
  const kind = contentFieldKind(slug, path, value);
  const id = idOf(slug, path);
  const invalid = useInvalid(path);
  const described = {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
  } as const;
  const label = (
    <label htmlFor={id} className="mb-1 block text-sm font-semibold">
      {contentFieldLabel(path)}
    </label>
  );
  switch (kind.kind) {
    case 'group': {
      const entries = Object.entries(value as Record<string, unknown>);
      const inner = entries.map(([key, child]) => (
        <Node key={key} slug={slug} path={path === '' ? key : `${path}.${key}`} value={child} />
      ));
      // The whole content and a list item are already framed; other groups get a fieldset of their own.
      return path === '' || /\.\d+$/.test(path) ? (
        <>{inner}</>
      ) : (
        <fieldset className="space-y-2 rounded border border-line p-3">
          <legend className="px-1 font-semibold">{contentFieldLabel(path)}</legend>
          {inner}
        </fieldset>
      );
    }
    case 'list':
      return <ListField slug={slug} path={path} value={value} max={kind.max} blank={kind.blank} />;
    case 'lines':
      return <LinesField slug={slug} path={path} value={value} />;
    case 'boolean':
      return (
        <label className="flex items-center gap-2">
          <input id={id} type="checkbox" {...register(path)} />
          {contentFieldLabel(path)}
        </label>
      );
    case 'choice':
      return (
        <div>
          {label}
          <select id={id} className={INPUT} {...described} {...register(path)}>
            {kind.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldError id={id} path={path} />
        </div>
      );
    case 'paragraph':
      return (
        <div>
          {label}
          <textarea id={id} rows={3} className={INPUT} {...described} {...register(path)} />
          <FieldError id={id} path={path} />
        </div>
      );
    case 'text':
      return (
        <div>
          {label}
          <input id={id} className={INPUT} {...described} {...register(path)} />
          <FieldError id={id} path={path} />
        </div>
      );
  }
}

/**
 * The page's structured content as form fields, validated by the same zod schema
 * as the JSON editor (contentSchemaOf). Every edit that leaves the whole content
 * valid is handed to `onValid`, which rewrites the JSON; an invalid edit shows its
 * field's error and changes nothing else. The parent remounts this form (a new
 * `key`) when a valid JSON edit replaces the content.
 */
export default function ContentFields({
  slug,
  content,
  onValid,
}: {
  slug: PageSlug;
  content: unknown;
  onValid: (content: unknown) => void;
}) {
  const schema = contentSchemaOf(slug);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    defaultValues: content as FieldValues,
    mode: 'onChange',
  });
  const { subscribe } = form;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const parsed = schema.safeParse(values);
          if (parsed.success) onValid(parsed.data);
        },
      }),
    [subscribe, schema, onValid],
  );

  return (
    <FormProvider {...form}>
      <div className="space-y-3" role="group" aria-label="Content fields">
        <Node slug={slug} path="" value={content} />
      </div>
    </FormProvider>
  );
}
