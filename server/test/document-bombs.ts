// Decompression bombs built in memory for the tests (no fixture files): a PDF whose page content
// inflates to `mb` megabytes, and an XLSX whose sheet does.
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** ASCII85 (PDF's /ASCII85Decode), which hides the Flate stream inside from a plain inflate. */
function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    let value = chunk.readUInt32BE(0);
    const take = Math.min(4, data.length - i);
    if (value === 0 && take === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, take + 1).join('');
  }
  return Buffer.from(`${out}~>`);
}

/**
 * A one-page PDF whose content stream is `mb` MB of spaces, Flate-compressed (~1 KB per MB);
 * with `ascii85`, that stream is also ASCII85-encoded, as a bomb may be to get past a check.
 */
export function pdfBomb(mb: number, options: { ascii85?: boolean } = {}): Buffer {
  const deflated = deflateSync(Buffer.alloc(mb * 1024 * 1024, 0x20), { level: 9 });
  const content = options.ascii85 ? ascii85(deflated) : deflated;
  const filter = options.ascii85 ? '[/ASCII85Decode /FlateDecode]' : '/FlateDecode';
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter ${filter} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    parts.push(object);
    at += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(at),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** The size the central directory declares (a lying bomb says less). */
  declared?: number;
}

/** A ZIP of deflated entries. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declared ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}


const WORKBOOK_PARTS: ZipEntry[] = [
  {
    name: '[Content_Types].xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
  },
  {
    name: 'xl/workbook.xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  },
];

/**
 * An XLSX whose one sheet holds a cell of `mb` MB of text. With `lie`, the ZIP declares the sheet
 * tiny, so only reading it shows its size.
 */
export function xlsxBomb(mb: number, options: { lie?: boolean } = {}): Buffer {
  const sheet = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
    ),
    Buffer.alloc(mb * 1024 * 1024, 0x61),
    Buffer.from('</t></is></c></row></sheetData></worksheet>'),
  ]);
  return zip([
    ...WORKBOOK_PARTS,
    { name: 'xl/worksheets/sheet1.xml', data: sheet, ...(options.lie ? { declared: 1000 } : {}) },
  ]);
}

/** An XLSX of `cells` one-digit cells: small unzipped, but exceljs builds an object for each. */
export function xlsxOfCells(cells: number): Buffer {
  const perRow = 100;
  const row = (r: number) =>
    `<row r="${r}">${Array.from({ length: perRow }, () => '<c><v>1</v></c>').join('')}</row>`;
  const rows: string[] = [];
  for (let r = 1; r <= cells / perRow; r++) rows.push(row(r));
  const sheet = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
  );
  return zip([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: sheet }]);
}
