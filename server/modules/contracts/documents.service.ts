import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { CONTRACT_DOCUMENT_MAX_BYTES } from '../../../common/contracts/contracts';
import { AppError, badRequest, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../audit/audit';
import * as repo from './contracts.repo';
import { cleanFileName, detectDocumentType } from './document-types';

const SAMPLE_BYTES = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a document's bytes live: filesDir/<orgId>/<storageKey>. Both parts come from the database
 * row (server-generated uuids) and are checked again here, so no user input ever reaches a path.
 */
function storedPath(deps: ServiceDeps, orgId: string, storageKey: string): string {
  if (!UUID.test(orgId) || !UUID.test(storageKey)) throw new Error('Invalid storage key');
  return path.join(deps.env.filesDir, orgId, storageKey);
}

async function sample(file: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(SAMPLE_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const tailLength = Math.min(SAMPLE_BYTES, size);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `Documents can be at most ${CONTRACT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  );

/** Stores an uploaded file for a contract after checking its size and its real type. */
export async function uploadDocument(
  deps: ServiceDeps,
  ctx: RequestContext,
  contractId: string,
  file: MultipartFile | undefined,
) {
  if (!file) throw badRequest('Attach the document as a file in the "file" field.');
  const storageKey = randomUUID();
  const finalPath = storedPath(deps, ctx.orgId, storageKey);
  const partPath = `${finalPath}.part`;
  await mkdir(path.dirname(finalPath), { recursive: true });
  try {
    try {
      await pipeline(file.file, createWriteStream(partPath, { mode: 0o600 }));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (file.file.truncated) throw tooLarge();
    const { size } = await stat(partPath);
    if (size === 0) throw badRequest('The file is empty.');
    const { head, tail } = await sample(partPath, size);
    const fileName = cleanFileName(file.filename);
    const detected = detectDocumentType(head, tail, fileName);
    if (!detected.ok) throw new AppError('unsupported_media_type', detected.reason);
    await rename(partPath, finalPath);
    return await deps.db.transaction(async (tx) => {
      const contract = await repo.findContract(tx, ctx.orgId, contractId);
      if (!contract) throw notFound('Contract');
      const row = await repo.insertDocument(tx, {
        organizationId: ctx.orgId,
        contractId,
        fileName,
        contentType: detected.contentType,
        sizeBytes: size,
        storageKey,
        uploadedBy: ctx.userId,
        createdAt: deps.clock.now(),
      });
      await recordAudit(tx, {
        orgId: ctx.orgId,
        userId: ctx.userId,
        action: 'contract.document.upload',
        entityType: 'contract',
        entityId: contractId,
        changes: { documentId: row.id, fileName, contentType: detected.contentType, sizeBytes: size },
      });
      return row;
    });
  } catch (error) {
    await unlink(partPath).catch(() => undefined);
    await unlink(finalPath).catch(() => undefined);
    throw error;
  }
}

/** The document's metadata and a stream of its bytes; 404 for other organizations' documents. */
export async function openDocument(
  deps: ServiceDeps,
  ctx: RequestContext,
  contractId: string,
  documentId: string,
) {
  const contract = await repo.findContract(deps.db, ctx.orgId, contractId);
  if (!contract) throw notFound('Document');
  const doc = await repo.findDocument(deps.db, ctx.orgId, contractId, documentId);
  if (!doc) throw notFound('Document');
  const file = storedPath(deps, doc.organizationId, doc.storageKey);
  const exists = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!exists) {
    deps.log.error({ documentId: doc.id }, 'Contract document missing on disk');
    throw notFound('Document');
  }
  return { doc, stream: createReadStream(file) };
}

export async function deleteDocument(
  deps: ServiceDeps,
  ctx: RequestContext,
  contractId: string,
  documentId: string,
) {
  const doc = await deps.db.transaction(async (tx) => {
    const contract = await repo.findContract(tx, ctx.orgId, contractId);
    if (!contract) throw notFound('Document');
    const found = await repo.findDocument(tx, ctx.orgId, contractId, documentId);
    if (!found) throw notFound('Document');
    await repo.deleteDocument(tx, ctx.orgId, found.id);
    await recordAudit(tx, {
      orgId: ctx.orgId,
      userId: ctx.userId,
      action: 'contract.document.delete',
      entityType: 'contract',
      entityId: contractId,
      changes: { documentId: found.id, fileName: found.fileName },
    });
    return found;
  });
  await removeStoredFiles(deps, [doc]);
}

/** Deletes documents' bytes after their rows are gone (a missing file is fine). */
export async function removeStoredFiles(
  deps: ServiceDeps,
  docs: Array<Pick<repo.DocumentRow, 'organizationId' | 'storageKey'>>,
) {
  for (const doc of docs) {
    await unlink(storedPath(deps, doc.organizationId, doc.storageKey)).catch(() => undefined);
  }
}
