// Which uploads a contract accepts, decided by the file's bytes (magic numbers), never by the
// Content-Type the browser claims. Office files are zip (DOCX/XLSX/PPTX) or OLE (DOC/XLS)
// containers, so their extension picks the type after the container is recognised.

export interface DetectedType {
  contentType: string;
  extensions: string[];
}

const PDF: DetectedType = { contentType: 'application/pdf', extensions: ['pdf'] };
const PNG: DetectedType = { contentType: 'image/png', extensions: ['png'] };
const JPEG: DetectedType = { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
const GIF: DetectedType = { contentType: 'image/gif', extensions: ['gif'] };
const WEBP: DetectedType = { contentType: 'image/webp', extensions: ['webp'] };
const OOXML: Record<string, { contentType: string; folder: string }> = {
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    folder: 'word/',
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', folder: 'xl/' },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    folder: 'ppt/',
  },
};
const OLE: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel' };
const TEXT: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

export const ACCEPTED_DESCRIPTION = 'PDF, PNG, JPEG, GIF, WEBP, DOCX, XLSX, PPTX, DOC, XLS, CSV or TXT';

const bytes = (...values: number[]) => Buffer.from(values);
const startsWith = (buf: Buffer, prefix: Buffer, offset = 0) =>
  buf.length >= offset + prefix.length && buf.subarray(offset, offset + prefix.length).equals(prefix);

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export type Detection = { ok: true; contentType: string } | { ok: false; reason: string };

/**
 * Detects the document type from the first and last bytes of the file (the zip central directory
 * sits at the end) and checks that the file name's extension agrees with it.
 */
export function detectDocumentType(head: Buffer, tail: Buffer, fileName: string): Detection {
  const ext = extensionOf(fileName);
  const mismatch = (type: string): Detection => ({
    ok: false,
    reason: `The file's content is ${type}, which does not match its .${ext || '(none)'} extension.`,
  });
  const binary: Array<[boolean, DetectedType, string]> = [
    [startsWith(head, Buffer.from('%PDF-')), PDF, 'a PDF'],
    [startsWith(head, bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), PNG, 'a PNG image'],
    [startsWith(head, bytes(0xff, 0xd8, 0xff)), JPEG, 'a JPEG image'],
    [startsWith(head, Buffer.from('GIF87a')) || startsWith(head, Buffer.from('GIF89a')), GIF, 'a GIF image'],
    [startsWith(head, Buffer.from('RIFF')) && startsWith(head, Buffer.from('WEBP'), 8), WEBP, 'a WEBP image'],
  ];
  for (const [matches, type, label] of binary) {
    if (matches)
      return type.extensions.includes(ext) ? { ok: true, contentType: type.contentType } : mismatch(label);
  }
  if (startsWith(head, bytes(0x50, 0x4b, 0x03, 0x04))) {
    const office = OOXML[ext];
    const names = Buffer.concat([head, tail]).toString('latin1');
    if (!office || !names.includes('[Content_Types].xml') || !names.includes(office.folder)) {
      return { ok: false, reason: `Zip archives are accepted only as DOCX, XLSX or PPTX documents.` };
    }
    return { ok: true, contentType: office.contentType };
  }
  if (startsWith(head, bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))) {
    const type = OLE[ext];
    return type ? { ok: true, contentType: type } : mismatch('a legacy Office (DOC/XLS) file');
  }
  const text = TEXT[ext];
  if (text && isUtf8Text(head)) return { ok: true, contentType: `${text}; charset=utf-8` };
  return { ok: false, reason: `This file type is not accepted. Upload a ${ACCEPTED_DESCRIPTION} file.` };
}

/** A display name without folders or control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!base) return 'document';
  if (base.length <= 200) return base;
  const ext = extensionOf(base);
  return ext && ext.length < 10 ? `${base.slice(0, 199 - ext.length)}.${ext}` : base.slice(0, 200);
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
