// The column model every tabular export (CSV and XLSX) is written from, and the one place that
// neutralises spreadsheet formulas in text cells.

/** A column of an export: a header, how to read its value from a row, and what kind of value it is. */
export type ExportColumn<T> = { header: string; width?: number } & (
  | { kind: 'text'; value: (row: T) => string | null }
  | { kind: 'number'; value: (row: T) => number | null }
  /** 0–100. */
  | { kind: 'percent'; value: (row: T) => number | null }
  /** Calendar dates, `YYYY-MM-DD`. */
  | { kind: 'date'; value: (row: T) => string | null }
  /** Minor units in the row's currency. */
  | { kind: 'money'; value: (row: T) => number | null; currency: (row: T) => string }
);

/** One cell, typed: writers format it for their file type. */
export type ExportCell =
  | { kind: 'text'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'number'; value: number }
  /** 0–100: CSV writes the number, XLSX a fraction with a % format. */
  | { kind: 'percent'; value: number }
  | { kind: 'money'; minor: number; currency: string }
  | null;

/** A sheet (XLSX) or a file (CSV): its columns and rows. */
export interface ExportTable<T> {
  name: string;
  columns: ExportColumn<T>[];
  rows: T[];
}

/** A table with its rows turned into typed cells: what the writers take. */
export interface ResolvedTable {
  name: string;
  columns: Array<{ header: string; width?: number }>;
  cells: ExportCell[][];
}

// Full-width =, +, - and @ too: Apple Numbers normalises them into formulas (as csv-stringify notes).
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Text a spreadsheet would run as a formula gets a leading single quote (OWASP "CSV injection").
 * Only text cells go through here: numbers and money in numeric columns stay numbers.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The typed cell of a column for a row; text is already neutralised. */
export function cellOf<T>(column: ExportColumn<T>, row: T): ExportCell {
  switch (column.kind) {
    case 'text': {
      const value = column.value(row);
      return value === null ? null : { kind: 'text', value: neutralizeFormula(value) };
    }
    case 'date': {
      const value = column.value(row);
      return value === null ? null : { kind: 'date', value };
    }
    case 'number':
    case 'percent': {
      const value = column.value(row);
      return value === null ? null : { kind: column.kind, value };
    }
    case 'money': {
      const minor = column.value(row);
      return minor === null ? null : { kind: 'money', minor, currency: column.currency(row) };
    }
  }
}

export function resolveTable<T>({ name, columns, rows }: ExportTable<T>): ResolvedTable {
  return {
    name,
    columns: columns.map(({ header, width }) => ({ header, width })),
    cells: rows.map((row) => columns.map((column) => cellOf(column, row))),
  };
}
