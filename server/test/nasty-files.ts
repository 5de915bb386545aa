// The nasty-file corpus every tabular importer is tested against: one logical table written the
// ways real exports write it (encodings, delimiters, decimal commas, quoting, blank lines, ragged
// rows, XLSX, NUL in cells), plus files that must be refused (too large, not a table at all).
import ExcelJS from 'exceljs';

export interface NastyVariant {
  /** Also a safe tag for names and e-mails: letters, digits and dashes. */
  name: string;
  fileName: string;
  encode: (records: string[][]) => Promise<Buffer>;
}

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
const needsQuotes = (cell: string, delimiter: string) => /["\r\n]/.test(cell) || cell.includes(delimiter);
const line = (record: string[], delimiter: string, always = false) =>
  record.map((c) => (always || needsQuotes(c, delimiter) ? quote(c) : c)).join(delimiter);
const csv = (records: string[][], delimiter = ',', always = false) =>
  `${records.map((r) => line(r, delimiter, always)).join('\r\n')}\r\n`;

const utf16 = (text: string, endian: 'le' | 'be', bom: boolean) => {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  return endian === 'le' ? le : Buffer.from(le).swap16();
};

/** "1234.56" → "1.234,56", as German and French exports write amounts. */
const decimalComma = (cell: string) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(cell);
  return m ? `${m[1]}${m[2].replace(/\B(?=(\d{3})+$)/g, '.')},${m[3]}` : cell;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** A workbook of the records: amounts as numbers, dates as dates, `=…` cells as formulas. */
async function xlsx(records: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Export');
  records.forEach((record, r) => {
    sheet.addRow(
      record.map((cell) => {
        if (r === 0) return cell;
        if (/^-?\d+\.\d{2}$/.test(cell)) return Number(cell);
        if (ISO_DATE.test(cell)) return new Date(`${cell}T00:00:00Z`);
        if (ISO_DATE_TIME.test(cell)) return new Date(`${cell.replace(' ', 'T')}:00Z`);
        if (cell.startsWith('=')) return { formula: cell.slice(1) };
        return cell;
      }),
    );
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const NASTY_VARIANTS: NastyVariant[] = [
  { name: 'utf8', fileName: 'plain.csv', encode: async (r) => Buffer.from(csv(r)) },
  { name: 'utf8-bom', fileName: 'bom.csv', encode: async (r) => Buffer.from(`\uFEFF${csv(r)}`) },
  { name: 'utf16le-bom', fileName: 'unicode.txt', encode: async (r) => utf16(csv(r, '\t'), 'le', true) },
  { name: 'utf16be-bom', fileName: 'unicode-be.csv', encode: async (r) => utf16(csv(r), 'be', true) },
  { name: 'utf16le-nobom', fileName: 'nobom.csv', encode: async (r) => utf16(csv(r), 'le', false) },
  { name: 'windows-1252', fileName: 'excel.csv', encode: async (r) => Buffer.from(csv(r, ';'), 'latin1') },
  {
    name: 'semicolon-decimal-comma',
    fileName: 'de.csv',
    encode: async (r) => Buffer.from(csv([r[0], ...r.slice(1).map((row) => row.map(decimalComma))], ';')),
  },
  {
    name: 'quoted-newlines',
    fileName: 'multiline.csv',
    encode: async (r) =>
      Buffer.from(
        csv(
          r.map((row, i) => [...row, i === 0 ? 'Comment' : 'line one\nline two, "quoted"']),
          ',',
          true,
        ),
      ),
  },
  {
    name: 'ragged-empty-lines',
    fileName: 'ragged.csv',
    encode: async (r) => {
      const [header, ...rows] = r;
      const body = rows.map((row) => `${line(row, ',')},,extra`);
      return Buffer.from(
        `\n${line(header, ',')}\n\n${','.repeat(header.length - 1)}\n${body.join('\n\n')}\n\n`,
      );
    },
  },
  { name: 'pipe', fileName: 'pipe.txt', encode: async (r) => Buffer.from(csv(r, '|')) },
  { name: 'xlsx', fileName: 'export.xlsx', encode: xlsx },
  // A workbook's strings may carry NUL (PostgreSQL refuses it): stored as if it were not there.
  {
    name: 'xlsx-nul',
    fileName: 'nul.xlsx',
    encode: (r) =>
      xlsx(
        r.map((row) =>
          row.map((c) => (c.length > 1 && !c.startsWith('=') ? `${c[0]}\u0000${c.slice(1)}` : c)),
        ),
      ),
  },
];

/** 50 MB of CSV: must be refused with a clear 4xx, without the server falling over. */
export function fiftyMegabyteCsv(): Buffer {
  const row = Buffer.from('Some name,Some vendor,12.50,2026-01-01\n');
  return Buffer.alloc(50 * 1024 * 1024, row);
}

/** A PNG image's first bytes: not a table at all. */
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);

/** The formula every corpus carries: it must be stored as this text, never run. */
export const FORMULA = '=HYPERLINK("http://x.example","Zürich")';
