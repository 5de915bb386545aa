import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

interface FieldError {
  field: string;
  message: string;
}

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Maps every failure to `{ message, code }` with the right status; never leaks database details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'rate_limited' && typeof error.details.retryAfter === 'number') {
        reply.header('Retry-After', String(error.details.retryAfter));
      }
      return reply.status(error.status).send({ message: error.message, code: error.code, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => {
        const where = error.validationContext ?? 'body';
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field: path || where, message: issue.message ?? 'Invalid value' };
      });
      const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return reply
        .status(400)
        .send({ message: `Invalid request — ${summary}`, code: 'validation_error', fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'Response did not match its schema');
      return reply.status(500).send({ message: GENERIC_500, code: 'internal_error' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(413)
          .send({ message: 'The request body is too large.', code: 'payload_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({
          message: 'Unsupported content type; send application/json.',
          code: 'unsupported_media_type',
        });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send({ message: 'The request body is not valid JSON.', code: 'bad_request' });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' });
    }
    if (
      error instanceof SyntaxError ||
      (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      const message = error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
      return reply.status(error.statusCode ?? 400).send({ message, code: 'bad_request' });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({ message: GENERIC_500, code: 'internal_error' });
  });
}
