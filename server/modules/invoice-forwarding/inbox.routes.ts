import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  inboundMessageDetail,
  inboundMessageList,
  inboundMessageQuery,
  updateInboundMessage,
} from '../../../common/contracts/invoice-forwarding';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { getInboxMessage, listInbox, originalFile, updateInboxMessage } from './inbox.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['invoice-forwarding'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/** /api/invoice-forwarding/messages: the invoice inbox (issue 18). Members decide, viewers read. */
export async function inboxRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ action: 'data.read' });

  app.get('/invoice-forwarding/messages', {
    schema: {
      operationId: 'listInboundMessages',
      description: 'Received messages newest first, filtered by state, with the count per state.',
      tags,
      querystring: inboundMessageQuery,
      response: { 200: inboundMessageList, ...errors },
    },
    preHandler: read,
    handler: async (request) => listInbox(deps, request.ctx, request.query),
  });

  app.get('/invoice-forwarding/messages/:id', {
    schema: {
      operationId: 'getInboundMessage',
      tags,
      params: idParams,
      response: { 200: inboundMessageDetail, ...errors },
    },
    preHandler: read,
    handler: async (request) => getInboxMessage(deps, request.ctx, request.params.id),
  });

  app.patch('/invoice-forwarding/messages/:id', {
    schema: {
      operationId: 'updateInboundMessage',
      description:
        'Edits the read fields, or decides: accept (book, creating the application when none matches), merge into an application, ignore.',
      tags,
      params: idParams,
      body: updateInboundMessage,
      response: { 200: inboundMessageDetail, 409: errorResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => updateInboxMessage(deps, request.ctx, request.params.id, request.body),
  });

  app.get('/invoice-forwarding/messages/:id/original', {
    schema: {
      operationId: 'getInboundMessageOriginal',
      description:
        'The invoice document (PDF/image inline, sandboxed), else the message as received (.eml); `part=raw` always the .eml.',
      tags,
      params: idParams,
      querystring: z.object({ part: z.enum(['raw']).optional() }),
      produces: ['application/octet-stream'],
    },
    preHandler: read,
    handler: async (request, reply) => {
      const file = await originalFile(deps, request.ctx, request.params.id, request.query.part === 'raw');
      const disposition = file.inline ? 'inline' : 'attachment';
      return (
        reply
          .header('content-type', file.type)
          .header('content-length', String(file.size))
          .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          // Whatever the file holds, it runs nowhere: no scripts, no same-origin, no type guessing.
          .header('content-security-policy', "sandbox; frame-ancestors 'self'")
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      );
    },
  });
}
