// CSV the way every download of the site writes it (RFC 4180, CRLF line ends).

/** One CSV field, quoted when it holds a comma, quote or line break, and defused when a spreadsheet would read it as a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of fields as CSV text, each row ending in CRLF. */
export function csvText(rows: ReadonlyArray<readonly (string | number)[]>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
