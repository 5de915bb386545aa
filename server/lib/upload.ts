import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors';

/** Route body limit for uploads: the 20 MB file plus multipart framing. */
export const UPLOAD_BODY_LIMIT = 21 * 1024 * 1024;

/** The bytes and name of the multipart field `file`; 413 beyond 20 MB. */
export async function readUploadedFile(
  request: FastifyRequest,
): Promise<{ buffer: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file".');
  const file = await request.file();
  if (!file) throw badRequest('Attach the file as the multipart field "file".');
  try {
    return { buffer: await file.toBuffer(), fileName: file.filename || 'upload' };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', 'The file is larger than 20 MB.');
    }
    throw error;
  }
}
