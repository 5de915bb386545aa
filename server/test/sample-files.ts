// Minimal files of every accepted type, for tests (the bytes only need to carry the real signatures).

const ooxml = (folder: string) =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from(
      `\x14\x00\x00\x00[Content_Types].xml<Types/>PK\x03\x04${folder}document.xml<doc/>PK\x01\x02`,
      'latin1',
    ),
  ]);

export const sampleFiles: Record<string, { content: Buffer; contentType: string }> = {
  'contract.pdf': {
    content: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'),
    contentType: 'application/pdf',
  },
  'scan.png': {
    content: Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]),
    contentType: 'image/png',
  },
  'photo.jpg': {
    content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
    contentType: 'image/jpeg',
  },
  'anim.gif': { content: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), contentType: 'image/gif' },
  'pic.webp': { content: Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), contentType: 'image/webp' },
  'terms.docx': {
    content: ooxml('word/'),
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  'prices.xlsx': {
    content: ooxml('xl/'),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'deck.pptx': {
    content: ooxml('ppt/'),
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  'old.doc': {
    content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    contentType: 'application/msword',
  },
  'old.xls': {
    content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    contentType: 'application/vnd.ms-excel',
  },
  'seats.csv': {
    content: Buffer.from('name,seats\nSlack,40\nZoom,12\n'),
    contentType: 'text/csv; charset=utf-8',
  },
  'notes.txt': { content: Buffer.from('Renewal notes — größer\n'), contentType: 'text/plain; charset=utf-8' },
};
