import { api, buildOrgOwner } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import { measure, type BenchResult } from './harness';

/** Request latency of core API calls through the whole Fastify stack (in-process inject). */
export async function apiBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  try {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    return [
      await measure('GET /api/auth/user', () => client.get('/api/auth/user'), { iterations: 300 }),
      await measure('GET /api/organization', () => client.get('/api/organization'), { iterations: 300 }),
      await measure('GET /api/notifications', () => client.get('/api/notifications'), { iterations: 300 }),
    ];
  } finally {
    await server.close();
  }
}
