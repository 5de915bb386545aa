// Statement cell text.

/** Collapses runs of whitespace and trims; statements pad names with spaces. */
export function cleanText(value: string): string {
  return /\s\s|[\t\n\r]/.test(value) ? value.replace(/\s+/g, ' ').trim() : value.trim();
}
