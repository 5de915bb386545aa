import { z } from 'zod';
import {
  CONTRACT_DOCUMENT_MAX_BYTES,
  contractDocumentResponse,
  contractInputBody,
  contractListQuery,
  contractResponse,
  createContractBody,
  renewContractBody,
  updateContractBody,
} from '../../../common/contracts/contracts';
import { errorResponse } from '../../../common/contracts/errors';
import { AppError } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './contracts.service';
import { attachmentDisposition } from './document-types';
import * as documents from './documents.service';

const idParams = z.object({ id: z.uuid() });
const subscriptionParams = z.object({ id: z.uuid() });
const documentParams = z.object({ id: z.uuid(), documentId: z.uuid() });
const read = guard({ feature: 'contracts' });
const write = guard({ feature: 'contracts', action: 'data.write' });
const tags = ['contracts'];

export async function contractsRoutes(app: App) {
  const deps = app.deps;

  app.get('/contracts', {
    schema: {
      operationId: 'listContracts',
      tags,
      querystring: contractListQuery,
      response: { 200: z.array(contractResponse) },
    },
    preHandler: read,
    handler: async (request) => service.listContracts(deps, request.ctx, request.query),
  });

  app.post('/contracts', {
    schema: {
      operationId: 'createContract',
      tags,
      body: createContractBody,
      response: { 201: contractResponse, 404: errorResponse },
    },
    preHandler: write,
    handler: async (request, reply) => {
      const { subscriptionId, ...input } = request.body;
      return reply.status(201).send(await service.createContract(deps, request.ctx, subscriptionId, input));
    },
  });

  app.get('/subscriptions/:id/contracts', {
    schema: {
      operationId: 'listSubscriptionContracts',
      tags,
      params: subscriptionParams,
      response: { 200: z.array(contractResponse), 404: errorResponse },
    },
    preHandler: read,
    handler: async (request) => service.listForSubscription(deps, request.ctx, request.params.id),
  });

  app.post('/subscriptions/:id/contracts', {
    schema: {
      operationId: 'createSubscriptionContract',
      tags,
      params: subscriptionParams,
      body: contractInputBody,
      response: { 201: contractResponse, 404: errorResponse },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.createContract(deps, request.ctx, request.params.id, request.body)),
  });

  app.get('/contracts/:id', {
    schema: {
      operationId: 'getContract',
      tags,
      params: idParams,
      response: { 200: contractResponse, 404: errorResponse },
    },
    preHandler: read,
    handler: async (request) => service.getContract(deps, request.ctx, request.params.id),
  });

  app.patch('/contracts/:id', {
    schema: {
      operationId: 'updateContract',
      tags,
      params: idParams,
      body: updateContractBody,
      response: { 200: contractResponse, 404: errorResponse },
    },
    preHandler: write,
    handler: async (request) => service.updateContract(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/contracts/:id', {
    schema: {
      operationId: 'deleteContract',
      tags,
      params: idParams,
      response: { 204: z.null(), 404: errorResponse },
    },
    preHandler: write,
    handler: async (request, reply) => {
      await service.deleteContract(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/contracts/:id/renew', {
    schema: {
      operationId: 'renewContract',
      tags,
      params: idParams,
      body: renewContractBody,
      response: { 201: contractResponse, 404: errorResponse, 409: errorResponse },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.renewContract(deps, request.ctx, request.params.id, request.body ?? {})),
  });

  app.post('/contracts/:id/documents', {
    schema: {
      operationId: 'uploadContractDocument',
      tags,
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 201: contractDocumentResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse },
    },
    preHandler: write,
    handler: async (request, reply) => {
      await service.getContract(deps, request.ctx, request.params.id); // 404 before reading the upload
      if (!request.isMultipart()) {
        throw new AppError('unsupported_media_type', 'Send the document as multipart/form-data.');
      }
      const file = await request.file({ limits: { fileSize: CONTRACT_DOCUMENT_MAX_BYTES, files: 1 } });
      const doc = await documents.uploadDocument(deps, request.ctx, request.params.id, file);
      return reply.status(201).send(doc);
    },
  });

  app.get('/contracts/:id/documents/:documentId', {
    schema: {
      operationId: 'downloadContractDocument',
      tags,
      params: documentParams,
      response: { 200: z.unknown().describe('The document bytes'), 404: errorResponse },
    },
    preHandler: read,
    handler: async (request, reply) => {
      const { doc, stream } = await documents.openDocument(
        deps,
        request.ctx,
        request.params.id,
        request.params.documentId,
      );
      return reply
        .header('content-type', doc.contentType)
        .header('content-length', String(doc.sizeBytes))
        .header('content-disposition', attachmentDisposition(doc.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });

  app.delete('/contracts/:id/documents/:documentId', {
    schema: {
      operationId: 'deleteContractDocument',
      tags,
      params: documentParams,
      response: { 204: z.null(), 404: errorResponse },
    },
    preHandler: write,
    handler: async (request, reply) => {
      await documents.deleteDocument(deps, request.ctx, request.params.id, request.params.documentId);
      return reply.status(204).send(null);
    },
  });
}
