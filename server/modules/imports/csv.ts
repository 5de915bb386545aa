// CSV writing for exports (reading is server/lib/tabular): RFC 4180 quoting, formula-looking text
// prefixed so spreadsheets do not run it.

/** One CSV field, quoted when it needs to be; formula-looking text is prefixed so spreadsheets do not run it. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: Array<string | number | boolean | null | undefined>): string {
  return values.map(csvField).join(',');
}
