import { randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { CONTRACT_DOCUMENT_MAX_BYTES } from '../../../common/contracts/contracts';
import { AppError, badRequest, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import * as repo from './contracts.repo';
import { cleanFileName, detectDocumentType } from './document-types';

const SAMPLE_BYTES = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A document's storage key: <orgId>/<storageKey>, its path under DATA_DIR/files on local disk.
 * Both parts come from the database row (server-generated uuids) and are checked again here.
 */
function fileKey(orgId: string, storageKey: string): string {
  if (!UUID.test(orgId) || !UUID.test(storageKey)) throw new Error('Invalid storage key');
  return `${orgId}/${storageKey}`;
}

/**
 * Passes an upload through while keeping its first and last bytes, so its real type can be told
 * once it is stored without reading it back. Errors of the upload travel on.
 */
function keepEnds(source: NodeJS.ReadableStream) {
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < SAMPLE_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SAMPLE_BYTES - head.length)]);
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > SAMPLE_BYTES) tail = tail.subarray(tail.length - SAMPLE_BYTES);
      done(null, chunk);
    },
  });
  return { stream: pipeline(source, through, () => undefined), ends: () => ({ head, tail }) };
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
  const key = fileKey(ctx.orgId, storageKey);
  const upload = keepEnds(file.file);
  try {
    let size: number;
    try {
      ({ size } = await deps.storage.put(key, upload.stream));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (file.file.truncated) throw tooLarge();
    if (size === 0) throw badRequest('The file is empty.');
    const { head, tail } = upload.ends();
    const fileName = cleanFileName(file.filename);
    const detected = detectDocumentType(head, tail, fileName);
    if (!detected.ok) throw new AppError('unsupported_media_type', detected.reason);
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
      await recordAudit(tx, ctx, {
        action: 'contract.document.upload',
        entityType: 'contract',
        entityId: contractId,
        changes: { documentId: row.id, fileName, contentType: detected.contentType, sizeBytes: size },
      });
      return row;
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
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
  const file = await deps.storage.get(fileKey(doc.organizationId, doc.storageKey));
  if (!file) {
    deps.log.error(
      { documentId: doc.id, driver: deps.storage.driver },
      'Contract document missing from storage',
    );
    throw notFound('Document');
  }
  return { doc, stream: file.stream };
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
    await recordAudit(tx, ctx, {
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
    await deps.storage.delete(fileKey(doc.organizationId, doc.storageKey)).catch(() => undefined);
  }
}
