import { performance } from 'node:perf_hooks';
import { buildOrgOwner } from '../server/test/factories';
import { getTestServer } from '../server/test/test-server';
import { generateDemoData } from './demo/index';
const server = await getTestServer();
const owner = await buildOrgOwner(server.app);
await server.database.db.transaction((tx) => generateDemoData(tx, { orgId: owner.orgId, ownerUserId: owner.id, currency: 'USD', now: new Date() }, { apps: 5000 }));
for (const url of ['/api/session', '/api/notifications/count', '/api/notifications?status=active', '/api/settings/categories', '/api/settings/tags', '/api/settings/projects', '/api/dashboard/summary']) {
  const ts: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    await server.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(url.padEnd(36), ts[3].toFixed(1), 'ms');
}
await server.close();
