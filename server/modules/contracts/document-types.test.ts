import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, detectDocumentType } from './document-types';
import { sampleFiles } from '../../test/sample-files';

const detect = (content: Buffer, name: string) => detectDocumentType(content, content.subarray(-65536), name);

describe('document type detection', () => {
  it.each(Object.entries(sampleFiles))('accepts %s by its bytes', (name, file) => {
    expect(detect(file.content, name)).toEqual({ ok: true, contentType: file.contentType });
  });

  it('refuses a file whose bytes do not match its extension', () => {
    expect(detect(sampleFiles['scan.png'].content, 'contract.pdf')).toMatchObject({ ok: false });
    expect(detect(sampleFiles['contract.pdf'].content, 'contract.txt')).toMatchObject({ ok: false });
  });

  it('refuses executables, HTML, plain zips and binary "text"', () => {
    expect(detect(Buffer.from('MZ\x90\x00\x03rest-of-exe'), 'setup.exe').ok).toBe(false);
    expect(detect(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html').ok).toBe(false);
    expect(detect(Buffer.from('PK\x03\x04just-a-zip'), 'archive.zip').ok).toBe(false);
    expect(detect(Buffer.from('PK\x03\x04not-office'), 'fake.docx').ok).toBe(false);
    expect(detect(Buffer.from([0x41, 0x00, 0x42]), 'notes.txt').ok).toBe(false);
    expect(detect(Buffer.from([0xc3, 0x28]), 'bad-utf8.csv').ok).toBe(false);
  });
});

describe('file names', () => {
  it('drops folders and control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\x\\contract.pdf')).toBe('contract.pdf');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('')).toBe('document');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  it('builds an attachment disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Vertrag "Größe".pdf')).toBe(
      `attachment; filename="Vertrag _Gr__e_.pdf"; filename*=UTF-8''Vertrag%20%22Gr%C3%B6%C3%9Fe%22.pdf`,
    );
  });
});
