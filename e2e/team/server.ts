import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getTestServer, type TestServer } from '../../server/test/test-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The whole app (API + built SPA) on a loopback port, with a fresh database; `env` adds variables. */
export async function startE2eServer(
  env: Record<string, string> = {},
): Promise<TestServer & { baseURL: string }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = await getTestServer({
    webDist: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    env: { APP_URL: baseURL, AUTH_RATE_LIMIT_MAX: '1000', ...env },
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { ...server, baseURL };
}
