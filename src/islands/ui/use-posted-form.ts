import { zodResolver } from '@hookform/resolvers/zod';
import type { SubmitEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A real form posting to an API route (the report form, follow by email):
 * without JavaScript the browser posts it and the server answers with its
 * result page; hydrated, it is checked against `schema` and `submit` gets the
 * values. Such a form hydrates when it is first focused, so what was typed,
 * chosen or filled in by the browser before that never reached the form's
 * state: `onSubmit` first takes each field named in `defaultValues` from the
 * form as it stands.
 */
export function usePostedForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
  submit: (values: Out) => Promise<void>,
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const fields = event.currentTarget.elements;
    for (const name of Object.keys(defaultValues) as Path<In>[]) {
      const field = fields.namedItem(name);
      if (
        field instanceof HTMLInputElement ||
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement
      )
        form.setValue(name, field.value as PathValue<In, Path<In>>);
    }
    return form.handleSubmit(submit)(event);
  }

  return { ...form, onSubmit };
}
