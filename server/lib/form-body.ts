import type { App } from '../types';
import { storableText } from './storable-text';

/**
 * Lets the calling plugin's routes take `application/x-www-form-urlencoded` bodies (as an object
 * of strings): posts from other servers and IdP forms. Scoped to that plugin: everywhere else the
 * CSRF guard refuses such bodies.
 */
export function acceptFormBodies(app: App, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) =>
      done(
        null,
        // `%00` decodes to NUL: made storable like JSON bodies (server/lib/json-body.ts).
        Object.fromEntries(
          [...new URLSearchParams(String(body))].map(([k, v]) => [storableText(k), storableText(v)]),
        ),
      ),
  );
}
