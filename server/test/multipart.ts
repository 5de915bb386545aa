import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(
  fileName: string,
  content: Buffer | string,
  contentType = 'application/octet-stream',
  field = 'file',
) {
  const boundary = `----stackwise${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
