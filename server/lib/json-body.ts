import type { FastifyRequest } from 'fastify';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The JSON body parser of every JSON content type the server accepts (application/json, and
 * application/scim+json under /scim/v2): an empty body is no body, not an error.
 */
export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: Done): void {
  const text = String(body);
  if (text.trim() === '') return done(null, undefined);
  // PostgreSQL cannot store NUL in text: refuse it up front rather than fail deep down.
  if (text.includes('\\u0000') || text.includes('\u0000')) {
    const error = Object.assign(new Error('Text must not contain NUL characters.'), { statusCode: 400 });
    return done(error, undefined);
  }
  try {
    done(null, JSON.parse(text));
  } catch {
    const error = Object.assign(new Error('The request body is not valid JSON.'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    done(error, undefined);
  }
}
