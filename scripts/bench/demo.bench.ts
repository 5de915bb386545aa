// Issue 34: the answers the demo company's owner opens first, each < 100 ms p50 on PostgreSQL
// (TEST_DATABASE_URL; PGlite otherwise): the executive summary, the renewal benchmarks and the
// ledger totals converted to the organization's currency. The demo is loaded as the app loads it
// (POST /api/demo, on Scale so every report is open), then each answer is asked over real HTTP.
import type { AddressInfo } from 'node:net';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import { measure, type BenchResult } from './harness';

const BUDGET_MS = 100;
const ENDPOINTS = [
  '/api/reports/executive-summary',
  '/api/benchmarks/renewals',
  '/api/expenses/totals?convert=true',
];

export async function demoBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  try {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'scale');
    const loaded = await api(server.app, owner.cookie).post('/api/demo');
    if (loaded.statusCode !== 201) throw new Error(`demo: ${loaded.statusCode} ${loaded.body}`);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const results: BenchResult[] = [];
    for (const path of ENDPOINTS) {
      const get = async () => {
        const response = await fetch(`${base}${path}`, { headers: { cookie: owner.cookie } });
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.text();
      };
      results.push(
        await measure(`demo company: GET ${path}`, get, {
          iterations: 40,
          warmup: 5,
          budgetMs: BUDGET_MS,
          budgetOn: 'p50',
        }),
      );
    }
    return results;
  } finally {
    await server.close();
  }
}
