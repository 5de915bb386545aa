import { contactRequestBody, contactRequestResponse } from '../../../common/contracts/public-forms';
import { errorResponse } from '../../../common/contracts/errors';
import type { App } from '../../types';
import { createContactRequest } from './public-forms.service';

/** Submissions allowed per IP address per hour: enough for people, not for a spam script. */
export const CONTACT_RATE_LIMIT = 10;

/** The public site's forms (/support, /request-demo); no session needed. */
export async function publicFormsRoutes(app: App) {
  app.post('/public/contact', {
    config: { rateLimit: { max: CONTACT_RATE_LIMIT, timeWindow: '1 hour' } },
    schema: {
      operationId: 'submitContactRequest',
      tags: ['public'],
      body: contactRequestBody,
      response: { 201: contactRequestResponse, 400: errorResponse, 429: errorResponse },
    },
    handler: async (request, reply) => {
      const created = await createContactRequest(app.deps, request.body);
      return reply.status(201).send(created);
    },
  });
}
