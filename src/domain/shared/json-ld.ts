/**
 * Writing JSON-LD into a page: each page builds its schema.org data with its
 * area's builder (profileJsonLd, bookJsonLd, productJsonLd, seriesJsonLd) and
 * writes it through serializeJsonLd.
 */

/**
 * Serialises JSON-LD for a `<script type="application/ld+json">` element: `<`, `>`
 * and `&` are written as \u escapes, so text a member typed ('</script>') cannot
 * end the element early, and the JSON still parses to the same values.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
