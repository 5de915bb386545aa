// A small RFC 4180 CSV reader for imports (HR exports, admin-console usage reports). Pure and
// isomorphic: the server parses the file, the browser can peek at headers before upload.

export interface ParsedCsv {
  headers: string[];
  /** Data rows as header → cell (trimmed), with their 1-based line number in the file. */
  rows: Array<{ line: number; cells: Record<string, string> }>;
  delimiter: string;
}

export class CsvError extends Error {}

/** Picks the delimiter that splits the header line into the most columns (comma, semicolon, tab). */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** Splits CSV text into records of raw fields with the line each record starts on. */
export function parseCsvRecords(text: string, delimiter = ','): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let sawAny = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    sawAny = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') {
      field = '';
      inQuotes = true;
      sawAny = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      sawAny = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
      sawAny = true;
    }
  }
  if (inQuotes) throw new CsvError(`Unclosed quote in the record starting on line ${recordLine}.`);
  if (sawAny || field !== '') endRecord();
  return records;
}

/**
 * Parses a CSV file with a header row. Strips a UTF-8 BOM, detects the delimiter, trims cells,
 * and names duplicate or blank headers so every column stays addressable.
 */
export function parseCsv(text: string, options: { maxRows?: number } = {}): ParsedCsv {
  const clean = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = detectDelimiter(clean);
  const records = parseCsvRecords(clean, delimiter);
  if (records.length === 0) throw new CsvError('The file is empty.');
  const seen = new Map<string, number>();
  const headers = records[0].fields.map((raw, index) => {
    const base = raw.trim() || `Column ${index + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const data = records.slice(1);
  if (options.maxRows !== undefined && data.length > options.maxRows) {
    throw new CsvError(
      `The file has ${data.length} rows; at most ${options.maxRows} can be imported at once.`,
    );
  }
  const rows = data.map(({ line, fields }) => {
    const cells: Record<string, string> = {};
    headers.forEach((header, index) => {
      cells[header] = (fields[index] ?? '').trim();
    });
    return { line, cells };
  });
  return { headers, rows, delimiter };
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Suggests a mapping field → header from synonyms (case, spaces and punctuation ignored); each
 * header is used at most once, the first synonym that matches wins.
 */
export function suggestMapping<F extends string>(
  headers: string[],
  synonyms: Record<F, readonly string[]>,
): Partial<Record<F, string>> {
  const byKey = new Map(headers.map((h) => [normalise(h), h]));
  const used = new Set<string>();
  const mapping: Partial<Record<F, string>> = {};
  for (const field of Object.keys(synonyms) as F[]) {
    for (const synonym of synonyms[field]) {
      const header = byKey.get(normalise(synonym));
      if (header && !used.has(header)) {
        mapping[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return mapping;
}
