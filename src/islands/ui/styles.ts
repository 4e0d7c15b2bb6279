/**
 * The one look of a text control (input, text area, select) in every island:
 * a red border while the control is invalid, parchment while it is read-only.
 */
export const INPUT_CLASS =
  'w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent aria-[invalid=true]:border-red-700 read-only:bg-parchment';
