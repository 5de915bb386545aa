import type { FastifyRequest } from 'fastify';
import { storableDeep } from './storable-text';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The JSON body parser of every JSON content type the server accepts (application/json, and
 * application/scim+json under /scim/v2): an empty body is no body, not an error. Every string in
 * it (keys too) comes out storable — NUL removed, lone surrogates replaced — so no route's input
 * can make PostgreSQL refuse a write (a provider's webhook with a NUL in a mail is still taken).
 */
export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: Done): void {
  const text = String(body);
  if (text.trim() === '') return done(null, undefined);
  let parsed: unknown;
  try {
    // A body nested too deep for the walk is refused like one JSON.parse cannot read.
    parsed = storableDeep(JSON.parse(text) as unknown);
  } catch {
    const error = Object.assign(new Error('The request body is not valid JSON.'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    return done(error, undefined);
  }
  done(null, parsed);
}
