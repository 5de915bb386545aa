// RFC 4180 CSV reading: quoted fields with embedded delimiters, quotes and line breaks,
// CRLF or LF, a UTF-8 byte-order mark, and the delimiter (comma, semicolon, tab, pipe) detected.

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter that splits the header line into the most fields (quotes respected). */
export function detectDelimiter(text: string): string {
  let firstLine = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === '\n' || char === '\r')) break;
    firstLine += char;
  }
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    let count = 0;
    let inQuotes = false;
    for (const char of firstLine) {
      if (char === '"') inQuotes = !inQuotes;
      else if (!inQuotes && char === delimiter) count += 1;
    }
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

export interface ParsedCsv {
  delimiter: string;
  header: string[];
  /** Data rows (without the header); rows of only empty cells are dropped. */
  rows: string[][];
}

export class CsvError extends Error {}

/** Parses CSV text into a header and rows; throws CsvError on an unterminated quote. */
export function parseCsv(
  input: string,
  delimiter = detectDelimiter(input.replace(/^\uFEFF/, '')),
): ParsedCsv {
  const text = input.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (record.some((cell) => cell.trim() !== '')) records.push(record);
    record = [];
  };
  while (i < n) {
    const char = text[i];
    if (char === '"' && field.trim() === '') {
      // A quoted field: read to the closing quote ("" is an escaped quote).
      field = '';
      i += 1;
      let closed = false;
      while (i < n) {
        const next = text.indexOf('"', i);
        if (next < 0) break;
        field += text.slice(i, next);
        if (text[next + 1] === '"') {
          field += '"';
          i = next + 2;
        } else {
          i = next + 1;
          closed = true;
          break;
        }
      }
      if (!closed) throw new CsvError('A quoted field is never closed (unbalanced ").');
      field = field.replace(/\r\n?/g, '\n'); // line breaks inside a cell, whatever the file's line endings
      // Anything between the closing quote and the delimiter is kept (lenient, like spreadsheets).
      while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      continue;
    }
    if (char === delimiter) {
      endField();
      i += 1;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      // Plain run up to the next special character, copied at once (fast on large files).
      let j = i;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j += 1;
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  const [header = [], ...rows] = records;
  return { delimiter, header: header.map((h) => h.trim()), rows };
}
