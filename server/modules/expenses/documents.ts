// Invoice and receipt files attached to expenses, stored under the key <orgId>/expenses/… (a path
// under DATA_DIR/files on local disk). The type comes from the file's first bytes, never from its
// name or the browser's word.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import * as repo from './expenses.repo';
import { getExpense, removeDocuments } from './expenses.service';

const SIGNATURES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    type: 'image/heic',
    ext: 'heic',
    test: (b) =>
      b.subarray(4, 8).toString('latin1') === 'ftyp' &&
      /^(heic|heix|mif1|msf1)$/.test(b.subarray(8, 12).toString('latin1')),
  },
];

/** The document type the bytes prove, or null. */
export function sniffDocumentType(bytes: Buffer): { type: string; ext: string } | null {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

/** A file name safe for a Content-Disposition header and a log line. */
export function safeFileName(name: string, ext: string): string {
  const base = path
    .basename(name)
    .replace(/[^\w.\- ()]+/g, '_')
    .slice(0, 120)
    .trim();
  return base && base !== '.' ? base : `document.${ext}`;
}

type Ctx = Pick<RequestContext, 'orgId' | 'userId'>;

export async function attachDocument(
  deps: ServiceDeps,
  ctx: Ctx,
  id: string,
  file: { buffer: Buffer; fileName: string },
) {
  const found = sniffDocumentType(file.buffer);
  if (!found) {
    throw new AppError('unsupported_media_type', 'Attach a PDF or an image (PNG, JPEG, GIF, WebP or HEIC).');
  }
  const expense = await repo.findExpenseRow(deps.db, ctx.orgId, id);
  if (!expense) throw notFound('Expense');
  const key = `${ctx.orgId}/expenses/${id}-${randomBytes(8).toString('hex')}.${found.ext}`;
  await deps.storage.put(key, file.buffer, { contentType: found.type });
  const name = safeFileName(file.fileName, found.ext);
  const previous = await deps.db.transaction(async (tx) => {
    const before = await repo.findExpenseRow(tx, ctx.orgId, id);
    if (!before) throw notFound('Expense');
    await repo.updateExpense(tx, ctx.orgId, id, {
      documentKey: key,
      documentName: name,
      documentType: found.type,
      documentSize: file.buffer.length,
      updatedAt: deps.clock.now(),
    });
    await recordAudit(tx, {
      orgId: ctx.orgId,
      userId: ctx.userId,
      action: 'expense.document_attach',
      entityType: 'expense',
      entityId: id,
      changes: { name, type: found.type, size: file.buffer.length },
    });
    return before.documentKey;
  });
  await removeDocuments(deps, [previous]);
  return getExpense(deps, ctx, id);
}

export async function detachDocument(deps: ServiceDeps, ctx: Ctx, id: string) {
  const previous = await deps.db.transaction(async (tx) => {
    const before = await repo.findExpenseRow(tx, ctx.orgId, id);
    if (!before) throw notFound('Expense');
    if (!before.documentKey) throw notFound('Document');
    await repo.updateExpense(tx, ctx.orgId, id, {
      documentKey: null,
      documentName: null,
      documentType: null,
      documentSize: null,
      updatedAt: deps.clock.now(),
    });
    await recordAudit(tx, {
      orgId: ctx.orgId,
      userId: ctx.userId,
      action: 'expense.document_remove',
      entityType: 'expense',
      entityId: id,
      changes: { name: before.documentName },
    });
    return before.documentKey;
  });
  await removeDocuments(deps, [previous]);
}

/** The expense's document as a stream, with its name, type and size; 404 when there is none. */
export async function documentFile(deps: ServiceDeps, ctx: Pick<Ctx, 'orgId'>, id: string) {
  const row = await repo.findExpense(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Expense');
  const { documentKey, documentName, documentType } = row.expense;
  if (!documentKey) throw notFound('Document');
  const file = await deps.storage.get(documentKey);
  if (!file) throw notFound('Document');
  return {
    stream: file.stream,
    name: documentName ?? 'document',
    type: documentType ?? 'application/octet-stream',
    size: file.size,
  };
}
