import { describe, expect, it } from 'vitest';
import { CsvError, readCsvTable } from './csv-table';

describe('readCsvTable', () => {
  it('maps cells by header, trimmed, with spreadsheet row numbers; detects semicolons and strips a BOM', () => {
    const table = readCsvTable('\uFEFFEmail;Name\n ada@example.com ; Ada \n"b@example.com";"Lovelace, Ada"\n', 10);
    expect(table.headers).toEqual(['Email', 'Name']);
    expect(table.rows).toEqual([
      { line: 2, cells: { Email: 'ada@example.com', Name: 'Ada' } },
      { line: 3, cells: { Email: 'b@example.com', Name: 'Lovelace, Ada' } },
    ]);
  });

  it('names blank and duplicate headers; short rows get blanks', () => {
    const table = readCsvTable('Email,,Email\nx@y.z', 10);
    expect(table.headers).toEqual(['Email', 'Column 2', 'Email (2)']);
    expect(table.rows[0].cells).toEqual({ Email: 'x@y.z', 'Column 2': '', 'Email (2)': '' });
  });

  it('refuses an empty file, an unclosed quote and too many rows', () => {
    expect(() => readCsvTable('', 10)).toThrow(CsvError);
    expect(() => readCsvTable('a\n"oops', 10)).toThrow(CsvError);
    expect(() => readCsvTable('a\n1\n2\n3', 2)).toThrow('at most 2');
  });
});
