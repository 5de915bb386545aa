import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { isDatabaseUnavailable } from '../lib/db-errors';

interface FieldError {
  field: string;
  message: string;
}

export interface ErrorReply {
  status: number;
  body: { message: string; code: string; [key: string]: unknown };
  headers?: Record<string, string>;
}

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
/** Seconds a client is asked to wait while the database is down (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The status and `{ message, code }` body for any failure; never leaks database details. */
export function errorReplyFor(error: unknown, log: FastifyBaseLogger): ErrorReply {
  if (error instanceof AppError) {
    const headers =
      error.code === 'rate_limited' && typeof error.details.retryAfter === 'number'
        ? { 'Retry-After': String(error.details.retryAfter) }
        : undefined;
    return {
      status: error.status,
      body: { message: error.message, code: error.code, ...error.details },
      headers,
    };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const fields: FieldError[] = fastifyError.validation.map((issue) => {
      const where = fastifyError.validationContext ?? 'body';
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: path || where, message: issue.message ?? 'Invalid value' };
    });
    const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    return {
      status: 400,
      body: { message: `Invalid request — ${summary}`, code: 'validation_error', fields },
    };
  }
  if (isResponseSerializationError(fastifyError)) {
    log.error({ err: error, issues: fastifyError.cause.issues }, 'Response did not match its schema');
    return { status: 500, body: { message: GENERIC_500, code: 'internal_error' } };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: 'The request body is too large.', code: 'payload_too_large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { message: 'Unsupported content type; send application/json.', code: 'unsupported_media_type' },
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'bad_request' } };
  }
  if (fastifyError.statusCode === 429) {
    return {
      status: 429,
      body: { message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' },
    };
  }
  if (
    error instanceof SyntaxError ||
    (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
  ) {
    const message =
      error instanceof SyntaxError ? 'The request body is not valid JSON.' : fastifyError.message;
    return { status: fastifyError.statusCode ?? 400, body: { message, code: 'bad_request' } };
  }
  if (isDatabaseUnavailable(error)) {
    // The logger's error serializer leaves out the SQL and its parameters.
    log.warn({ err: error }, 'Database unavailable');
    return {
      status: 503,
      body: { message: 'The database is unavailable. Try again in a moment.', code: 'database_unavailable' },
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  log.error({ err: error }, 'Unhandled error');
  return { status: 500, body: { message: GENERIC_500, code: 'internal_error' } };
}

/** Maps every failure to `{ message, code }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const log = request.log.child({ route: `${request.method} ${request.routeOptions.url ?? '(no route)'}` });
    const { status, body, headers } = errorReplyFor(error, log);
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}
