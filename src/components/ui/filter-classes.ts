// The look of a filter form's labels and fields, shared by its parts.
export const FILTER_LABEL_CLASS = 'text-sm font-semibold text-ink';
export const FILTER_FIELD_CLASS =
  'mt-1 block w-full rounded-md border border-ink-muted bg-paper px-3 py-2 text-ink';
