import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import {
  Controller,
  FormProvider,
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
} from '../../domain/admin/admin-content.ts';
import type { PageSlug } from '../../domain/site/page-content.ts';
import {
  CheckboxInput,
  describedBy,
  FieldFrame,
  fieldId,
  INPUT_CLASS,
  SelectInput,
  TextArea,
  TextInput,
  useFieldError,
} from '../ui/fields.tsx';

interface NodeProps {
  slug: PageSlug;
  path: string;
  value: unknown;
}

/** The prefix of every content field's id: 'content-about-hero-title' for hero.title. */
function idPrefix(slug: PageSlug) {
  return `content-${slug}`;
}

/** A list of short texts edited one per line; its own text keeps blank lines while typing. */
function LinesField({ slug, path, value }: NodeProps) {
  const { control } = useFormContext();
  const [text, setText] = useState(Array.isArray(value) ? value.join('\n') : '');
  const id = fieldId(path, idPrefix(slug));
  const error = useFieldError(path);
  return (
    <FieldFrame id={id} label={`${contentFieldLabel(path)} (one per line)`} error={error}>
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <textarea
            id={id}
            rows={4}
            className={INPUT_CLASS}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, undefined, error)}
            onBlur={field.onBlur}
            onChange={(event) => {
              setText(event.target.value);
              field.onChange(linesToList(event.target.value));
            }}
          />
        )}
      />
    </FieldFrame>
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
  const kind = contentFieldKind(slug, path, value);
  const label = contentFieldLabel(path);
  const prefix = idPrefix(slug);
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
          <legend className="px-1 font-semibold">{label}</legend>
          {inner}
        </fieldset>
      );
    }
    case 'list':
      return <ListField slug={slug} path={path} value={value} max={kind.max} blank={kind.blank} />;
    case 'lines':
      return <LinesField slug={slug} path={path} value={value} />;
    case 'boolean':
      return <CheckboxInput name={path} label={label} idPrefix={prefix} />;
    case 'choice':
      return (
        <SelectInput
          name={path}
          label={label}
          idPrefix={prefix}
          options={kind.options.map((option) => ({ value: option, label: option }))}
        />
      );
    case 'paragraph':
      return <TextArea name={path} label={label} idPrefix={prefix} rows={3} />;
    case 'text':
      return <TextInput name={path} label={label} idPrefix={prefix} />;
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
