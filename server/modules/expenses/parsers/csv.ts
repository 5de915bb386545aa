// RFC 4180 CSV reading with delimiter detection (comma, semicolon, tab, pipe): quoted fields,
// doubled quotes, line breaks inside quotes, CRLF/LF/CR endings.

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Counts a delimiter per record in the first lines, outside quotes. */
function countsPerLine(text: string, delimiter: string, maxLines: number): number[] {
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === delimiter) count++;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      counts.push(count);
      count = 0;
    }
  }
  if (count > 0) counts.push(count);
  return counts;
}

/**
 * The delimiter that splits the most lines into the same number (≥ 1) of fields. Bank exports
 * often start with a few preamble lines, so the most common count wins, not the first line's.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    const counts = countsPerLine(text, delimiter, 50).filter((n) => n > 0);
    if (counts.length === 0) continue;
    const frequency = new Map<number, number>();
    for (const n of counts) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    const [mode, lines] = [...frequency.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    // Lines agreeing on the count matter most; more fields break ties (a comma inside text is rarer).
    const score = lines * 100 + Math.min(mode, 99);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

export interface CsvTable {
  records: string[][];
  /** 1-based line of the file where each record starts (blank lines give no record). */
  lines: number[];
}

/** Splits CSV text into records of fields (slicing, not char-by-char: files run to 100k lines). */
export function readCsvTable(text: string, delimiter: string): CsvTable {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  const lines: number[] = [];
  const n = src.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const recordLine = line;
    const record: string[] = [];
    for (;;) {
      // Leading spaces before an opening quote are not part of a quoted field.
      let j = i;
      while (j < n && src[j] === ' ') j++;
      let field: string;
      if (src[j] === '"') {
        const parts: string[] = [];
        let k = j + 1;
        for (;;) {
          const quote = src.indexOf('"', k);
          if (quote < 0) {
            parts.push(src.slice(k));
            k = n;
            break;
          }
          parts.push(src.slice(k, quote));
          if (src[quote + 1] === '"') {
            parts.push('"');
            k = quote + 2;
          } else {
            k = quote + 1;
            break;
          }
        }
        field = parts.join('');
        for (const c of field) if (c === '\n') line++;
        // Anything between the closing quote and the delimiter is kept, as spreadsheets do.
        let end = k;
        while (end < n && src[end] !== delimiter && src[end] !== '\n' && src[end] !== '\r') end++;
        field += src.slice(k, end);
        i = end;
      } else {
        let end = i;
        while (end < n && src[end] !== delimiter && src[end] !== '\n' && src[end] !== '\r') end++;
        field = src.slice(i, end);
        i = end;
      }
      record.push(field);
      if (i < n && src[i] === delimiter) {
        i++;
        continue;
      }
      break;
    }
    if (src[i] === '\r' && src[i + 1] === '\n') i += 2;
    else if (i < n) i++;
    line++;
    if (record.length > 1 || record[0].trim() !== '') {
      records.push(record);
      lines.push(recordLine);
    }
  }
  return { records, lines };
}

/** The records only. */
export function readCsv(text: string, delimiter: string): string[][] {
  return readCsvTable(text, delimiter).records;
}
