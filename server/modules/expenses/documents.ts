// Invoice and receipt files attached to expenses, stored under the key <orgId>/expenses/… (a path
// under DATA_DIR/files on local disk). The type comes from the file's first bytes, never from its
// name or the browser's word.
import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { safeFileName, sniffDocumentType } from '../../lib/document-type';
import * as repo from './expenses.repo';
import { getExpense, removeDocuments } from './expenses.service';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'actor' | 'now'>;

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
    await recordAudit(tx, ctx, {
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
    await recordAudit(tx, ctx, {
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
