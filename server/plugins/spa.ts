import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/**
 * Serves the built React app: hashed assets compressed (brotli or gzip, made at build time) with
 * long immutable caching, and index.html for every other
 * non-API GET so client-side routes work on reload. Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  const hasBundle = existsSync(path.join(distDir, 'index.html'));
  if (hasBundle) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; browsers get the smallest they accept.
      preCompressed: true,
      // Hashed assets never change; everything else (index.html) is revalidated on every load.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && hasBundle && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' });
  });
}
