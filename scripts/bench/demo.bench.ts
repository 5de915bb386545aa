// Issue 34: every analytics answer, every report and the screens' figures of the figures catalogue
// (ARCHITECTURE.md "Figures: one number, one function"), each < 100 ms p50 on the demo company, on
// PostgreSQL (TEST_DATABASE_URL; PGlite otherwise). The demo is loaded as the app loads it
// (POST /api/demo, on Scale so every report and analytics cut is open), then each answer is asked
// over real HTTP. `{entity}` stands for the demo's first entity (an entity-filtered answer).
import type { AddressInfo } from 'node:net';
import { ANALYTICS_DIMENSIONS } from '../../common/contracts/analytics';
import { REPORT_KEYS } from '../../common/contracts/reports';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import { measure, type BenchResult } from './harness';

const BUDGET_MS = 100;
const ENDPOINTS = [
  // Analytics: the spend total and each dimension the API groups by (default range), the preset
  // the page opens on, an entity filter; the pivot, forecast, movers and budget vs actual.
  ...ANALYTICS_DIMENSIONS.map((dimension) => `/api/analytics/spend?groupBy=${dimension}`),
  '/api/analytics/spend?preset=last_12_months',
  '/api/analytics/spend?preset=last_12_months&groupBy=category',
  '/api/analytics/spend?groupBy=department&entityId={entity}',
  '/api/analytics/pivot?rows=category&columns=department',
  '/api/analytics/pivot?rows=vendor&columns=entity',
  '/api/analytics/forecast',
  '/api/analytics/forecast?entityId={entity}',
  '/api/analytics/movers',
  '/api/analytics/movers?preset=last_12_months',
  '/api/analytics/budgets',
  '/api/analytics/budgets?entityId={entity}',
  // Every report, as its JSON document.
  ...REPORT_KEYS.map((key) => `/api/reports/${key}`),
  // The screens' figures.
  '/api/dashboard/summary',
  '/api/renewals',
  '/api/renewals?window=365',
  '/api/benchmarks/renewals',
  '/api/budgets',
  '/api/licenses',
  '/api/insights',
  '/api/insights/summary',
  '/api/product-analytics/overview',
  '/api/product-analytics/active-users',
  '/api/product-analytics/adoption',
  '/api/product-analytics/last-use',
  '/api/brand-profitability',
  '/api/expenses/totals',
  '/api/expenses/totals?convert=true',
  '/api/subscriptions',
];

export async function demoBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  try {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'scale');
    const loaded = await api(server.app, owner.cookie).post('/api/demo');
    if (loaded.statusCode !== 201) throw new Error(`demo: ${loaded.statusCode} ${loaded.body}`);
    const entities = (await api(server.app, owner.cookie).get('/api/entities')).json() as {
      items: Array<{ id: string }>;
    };
    const entity = entities.items[0]?.id;
    if (!entity) throw new Error('demo: no entity');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const results: BenchResult[] = [];
    for (const template of ENDPOINTS) {
      const path = template.replace('{entity}', entity);
      const get = async () => {
        const response = await fetch(`${base}${path}`, { headers: { cookie: owner.cookie } });
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.text();
      };
      results.push(
        await measure(`demo company: GET ${template}`, get, {
          iterations: 30,
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
