// One way in for every tabular import: bytes (CSV, TSV, semicolon or pipe separated, in any of the
// encodings Excel writes, or an XLSX workbook) → records with their line numbers. Importers add a
// mapping and a row schema on top (common/tabular for the pure parts).
import { AppError, badRequest } from '../../errors';
import { storableText } from '../storable-text';
import { decodeText, type TextEncoding } from './decode';
import { MalformedTableError, readDelimited, writeDelimited, type Delimiter } from './delimited';
import { sniff } from './sniff';
import { DocumentTooLargeError } from '../untrusted/limits';
import { readWorkbook } from '../untrusted/reader';

export interface Table {
  format: 'csv' | 'xlsx';
  /** The delimiter of a text file; null for a workbook. */
  delimiter: Delimiter | null;
  encoding: TextEncoding | null;
  /** Non-blank records, header included; ragged rows keep their own length. */
  records: string[][];
  /** 1-based line (text) or row (workbook) where each record starts. */
  lines: number[];
  /** The table as text: the decoded file, or a workbook's sheet written as CSV. */
  text: string;
}

const NOT_A_TABLE = 'Upload a CSV, TSV or Excel (.xlsx) file';

/** Delimited text already decoded (a JSON body's `csv`), or a decoded file. */
export function readTableText(raw: string, encoding: TextEncoding | null = null): Table {
  // Cells go to the database: no NUL, no lone surrogate (a JSON body's `csv` may hold either).
  const text = storableText(raw);
  try {
    const table = readDelimited(text);
    return { format: 'csv', encoding, text, ...table };
  } catch (error) {
    if (error instanceof MalformedTableError) throw badRequest(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
}

/**
 * Reads an upload by its bytes, never its name. An empty file is a 400; an image, PDF or other
 * binary is a 415 that says what it looks like.
 */
export async function readTable(bytes: Uint8Array): Promise<Table> {
  if (bytes.length === 0) throw badRequest('The file is empty.');
  const kind = sniff(bytes);
  if (kind.kind === 'binary') {
    throw new AppError('unsupported_media_type', `This looks like ${kind.what}. ${NOT_A_TABLE}.`);
  }
  if (kind.kind === 'zip') {
    let sheet;
    try {
      sheet = await readWorkbook(bytes);
    } catch (error) {
      if (error instanceof DocumentTooLargeError) throw new AppError('payload_too_large', `${error.message}.`);
      throw new AppError('unsupported_media_type', `This ZIP file is not an Excel workbook. ${NOT_A_TABLE}.`);
    }
    return { format: 'xlsx', delimiter: null, encoding: null, ...sheet, text: writeDelimited(sheet.records) };
  }
  const { text, encoding } = decodeText(bytes);
  return readTableText(text, encoding);
}

/** A JSON body's file: `file` (the bytes, base64: any encoding, or XLSX) or `csv` (text). */
export async function readTableInput(input: {
  csv?: string | undefined;
  file?: string | undefined;
}): Promise<Table> {
  if (input.file !== undefined) return readTable(Buffer.from(input.file, 'base64'));
  return readTableText(input.csv ?? '');
}
