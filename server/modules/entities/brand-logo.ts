// Brand logos: PNG, JPEG, WebP or SVG up to 1 MB, stored under <orgId>/brands/… in the file
// storage. The type comes from the bytes, never from the name or the browser's word.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors';
import { sniffDocumentType } from '../../lib/document-type';

export const LOGO_MAX_BYTES = 1024 * 1024;
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** An SVG document: text whose first element, after an XML declaration, comments or a doctype, is <svg>. */
function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

export function logoType(bytes: Buffer): { type: string; ext: string } | null {
  if (isSvg(bytes)) return { type: 'image/svg+xml', ext: 'svg' };
  const found = sniffDocumentType(bytes);
  return found && RASTER_TYPES.has(found.type) ? found : null;
}

/** The multipart field `file`, at most 1 MB (413 beyond). */
export async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the logo as multipart/form-data in the field "file".');
  const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest('Attach the logo as the multipart field "file".');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', 'A logo can be at most 1 MB.');
    throw error;
  }
}

export function logoKey(orgId: string, brandId: string, ext: string) {
  return `${orgId}/brands/${brandId}-${randomBytes(8).toString('hex')}.${ext}`;
}

/**
 * Headers for serving a logo: an SVG may carry scripts, so it is sandboxed with no sources allowed
 * and offered as a download when opened directly (an <img> still shows it).
 */
export function logoHeaders(type: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-cache',
  };
  if (type === 'image/svg+xml') {
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    headers['content-disposition'] = 'attachment; filename="logo.svg"';
  }
  return headers;
}
