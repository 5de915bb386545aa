import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { decodeText } from './decode';
import { detectDelimiter } from './delimited';
import { readTable, readTableText } from './read-table';

const utf16 = (text: string, endian: 'le' | 'be', bom = true) => {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  return endian === 'le' ? le : Buffer.from(le).swap16();
};

describe('readTable: text', () => {
  it('reads quotes, escaped quotes, delimiters and line breaks inside, CRLF, a BOM and blank lines, with line numbers', () => {
    const text = '\uFEFFName,Notes\r\n"Slack, Inc","He said ""hi""\r\nbye"\r\n\r\n,\r\n Zoom , "padded" \r\n';
    const table = readTableText(text);
    expect(table.records).toEqual([
      ['Name', 'Notes'],
      ['Slack, Inc', 'He said "hi"\nbye'],
      [' Zoom ', 'padded'],
    ]);
    expect(table.lines).toEqual([1, 2, 6]);
  });

  it('detects comma, semicolon, tab and pipe, ignoring quoted delimiters and preamble lines', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('"a;x",b;c\n"1,5";2;3\n')).toBe(';');
    expect(detectDelimiter('"a,b";c;d\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2,5\t3\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2|3\n')).toBe('|');
    expect(detectDelimiter('"Konto:";"123";\n\n"A";"B";"C"\n"1";"2";"3"\n"4";"5";"6"\n')).toBe(';');
  });

  it('keeps ragged rows and refuses a quote that is never closed (400)', () => {
    expect(readTableText('a,b\n1\n2,3,4\n').records).toEqual([['a', 'b'], ['1'], ['2', '3', '4']]);
    expect(() => readTableText('a\n"open')).toThrow(/never closed/);
  });

  it('decodes UTF-8 with and without BOM, UTF-16 LE/BE with BOM or by NUL pattern, else Windows-1252', async () => {
    const text = 'Name;City\nCafé;Zürich\n';
    const cases: Array<[Buffer, string]> = [
      [Buffer.from(text), 'utf-8'],
      [Buffer.from(`\uFEFF${text}`), 'utf-8'],
      [utf16(text, 'le'), 'utf-16le'],
      [utf16(text, 'be'), 'utf-16be'],
      [utf16(text, 'le', false), 'utf-16le'],
      [utf16(text, 'be', false), 'utf-16be'],
      [Buffer.from(text, 'latin1'), 'windows-1252'],
    ];
    for (const [bytes, encoding] of cases) {
      expect(decodeText(bytes).encoding).toBe(encoding);
      const table = await readTable(bytes);
      expect(table.records).toEqual([
        ['Name', 'City'],
        ['Café', 'Zürich'],
      ]);
    }
    expect(decodeText(Buffer.from([0x80, 0x20, 0x93, 0x94])).text).toBe('€ “”');
  });

  it('reads 100,000 rows', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `App ${i},"Vendor, ${i}",${i}.99`);
    expect(readTableText(['Name,Vendor,Cost', ...rows].join('\n')).records).toHaveLength(100_001);
  });
});

describe('readTable: XLSX and other files', () => {
  it('reads the first sheet with data by its bytes: dates, numbers, rich text, links, formulas as text', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    const sheet = workbook.addWorksheet('Apps');
    sheet.addRow(['Name', 'Renews', 'Cost', 'Link', 'Note']);
    sheet.addRow([
      'Café',
      new Date(Date.UTC(2026, 2, 1)),
      1234.56,
      { text: 'Zürich', hyperlink: 'https://example.com' },
      { formula: 'HYPERLINK("http://x","y")' },
    ]);
    sheet.addRow([]);
    sheet.addRow([
      { richText: [{ text: 'Rich ' }, { text: 'text' }] },
      null,
      0.1 + 0.2,
      'x',
      { formula: '1+1', result: 2 },
    ]);
    const table = await readTable(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(table).toMatchObject({ format: 'xlsx', delimiter: null, lines: [1, 2, 4] });
    expect(table.records).toEqual([
      ['Name', 'Renews', 'Cost', 'Link', 'Note'],
      ['Café', '2026-03-01', '1234.56', 'Zürich', '=HYPERLINK("http://x","y")'],
      ['Rich text', '', '0.3', 'x', '2'],
    ]);
    expect(readTableText(table.text).records).toEqual(table.records);
  });

  it('refuses images, PDFs and ZIPs that are not workbooks (415) and empty files (400)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const refusal = (bytes: Buffer) =>
      readTable(bytes).then(
        () => null,
        (error: AppError) => [error.status, error.message],
      );
    expect(await refusal(png)).toEqual([415, expect.stringContaining('PNG image')]);
    expect(await refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toEqual([415, expect.stringContaining('PDF')]);
    expect(await refusal(Buffer.from('PK\x03\x04not a workbook'))).toEqual([
      415,
      expect.stringContaining('ZIP'),
    ]);
    expect(await refusal(Buffer.alloc(0))).toEqual([400, 'The file is empty.']);
  });
});
