/**
 * Saving a file the browser built (an export, a CSV of figures): a link to the
 * blob, clicked and taken away again. The blob's URL is revoked a while later,
 * not at once, as some browsers read it only after the click returns.
 */

/** Offers `blob` to the person as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
