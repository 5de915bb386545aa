import { describe, expect, it } from 'vitest';
import { CsvError, detectDelimiter, parseCsv, parseCsvRecords, suggestMapping } from './csv';

describe('parseCsvRecords', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, and CRLF endings', () => {
    const text = 'a,b,c\r\n"x, y","he said ""hi""","line1\nline2"\r\n1,2,3';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'he said "hi"', 'line1\nline2'] },
      { line: 4, fields: ['1', '2', '3'] },
    ]);
  });

  it('skips blank lines and keeps empty trailing fields', () => {
    expect(parseCsvRecords('a,b\n\n1,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
    ]);
  });

  it('rejects an unclosed quote', () => {
    expect(() => parseCsvRecords('a\n"oops')).toThrow(CsvError);
  });
});

describe('parseCsv', () => {
  it('strips a BOM, detects semicolons and tabs, trims cells and maps them by header', () => {
    const parsed = parseCsv('\uFEFFEmail;Name\n ada@example.com ; Ada \n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.headers).toEqual(['Email', 'Name']);
    expect(parsed.rows).toEqual([{ line: 2, cells: { Email: 'ada@example.com', Name: 'Ada' } }]);
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
  });

  it('names blank and duplicate headers so every column stays addressable; short rows get blanks', () => {
    const parsed = parseCsv('Email,,Email\nx@y.z');
    expect(parsed.headers).toEqual(['Email', 'Column 2', 'Email (2)']);
    expect(parsed.rows[0].cells).toEqual({ Email: 'x@y.z', 'Column 2': '', 'Email (2)': '' });
  });

  it('refuses an empty file and a file over the row limit', () => {
    expect(() => parseCsv('')).toThrow('The file is empty.');
    expect(() => parseCsv('a\n1\n2\n3', { maxRows: 2 })).toThrow('at most 2');
  });
});

describe('suggestMapping', () => {
  it('matches synonyms ignoring case and punctuation, using each header once', () => {
    const mapping = suggestMapping(['Work E-mail', 'First Name', 'Surname', 'Dept.'], {
      email: ['email', 'work email'],
      firstName: ['first name'],
      lastName: ['last name', 'surname'],
      department: ['department', 'dept'],
      team: ['dept'],
    });
    expect(mapping).toEqual({
      email: 'Work E-mail',
      firstName: 'First Name',
      lastName: 'Surname',
      department: 'Dept.',
    });
  });
});
