/**
 * The `src` of a content picture until the page has painted: a transparent 1 × 1
 * GIF as a `data:` URI, so the browser fetches nothing for it (see
 * src/components/ui/FallbackImage.astro).
 */
export const PENDING_PICTURE =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
