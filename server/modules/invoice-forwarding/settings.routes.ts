import { errorResponse } from '../../../common/contracts/errors';
import { invoiceForwarding, updateInvoiceForwarding } from '../../../common/contracts/invoice-forwarding';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './settings.service';

/** Settings → Invoice forwarding (every plan): everyone reads, admins and owners change. */
export async function invoiceForwardingSettingsRoutes(app: App) {
  const deps = app.deps;
  const tags = ['invoice-forwarding'];

  app.get('/invoice-forwarding', {
    schema: { operationId: 'getInvoiceForwarding', tags, response: { 200: invoiceForwarding } },
    preHandler: guard(),
    handler: async (request) => service.getInvoiceForwarding(deps, request.ctx),
  });

  app.patch('/invoice-forwarding', {
    schema: {
      operationId: 'updateInvoiceForwarding',
      tags,
      body: updateInvoiceForwarding,
      response: { 200: invoiceForwarding, 403: errorResponse },
    },
    preHandler: guard({ action: 'settings.manage' }),
    handler: async (request) => service.updateInvoiceForwarding(deps, request.ctx, request.body),
  });

  app.post('/invoice-forwarding/regenerate', {
    schema: {
      operationId: 'regenerateInvoiceForwardingAddress',
      tags,
      response: { 200: invoiceForwarding, 403: errorResponse },
    },
    preHandler: guard({ action: 'settings.manage' }),
    handler: async (request) => service.regenerateAddress(deps, request.ctx),
  });
}
