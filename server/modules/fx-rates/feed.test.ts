// The daily FX feed (FX_RATES_URL) against a local HTTP server publishing an ECB-format file.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { fxRatesFeedTask } from './feed';

const ECB_DAILY = 'Date, USD, JPY, BGN, GBP, \n09 March 2026, 1.0900, 163.00, 1.9558, 0.8500, \n';

let server: TestServer;
let second: TestServer;
let feed: { url: string; hits: number; status: number; close: () => void };
const clock = fixedClock('2026-03-10T12:00:00Z');

beforeAll(async () => {
  const http = createServer((_req, res) => {
    feed.hits += 1;
    res.writeHead(feed.status, { 'content-type': 'text/csv' }).end(feed.status === 200 ? ECB_DAILY : 'down');
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  feed = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/eurofxref.csv`,
    hits: 0,
    status: 200,
    close: () => http.close(),
  };
  server = await getTestServer({ clock, env: { FX_RATES_URL: feed.url } });
  // A second server on the same database: the feed runs once a day between them.
  second = await getTestServer({ clock, env: { FX_RATES_URL: feed.url }, database: server.database });
});
afterAll(async () => {
  await second.close();
  await server.close();
  feed.close();
});

const rates = async (orgId: string) =>
  (
    await server.database.db.execute(sql`select base, quote, rate::float8 as rate, source from fx_rates
      where organization_id = ${orgId} order by quote`)
  ).rows;

describe('daily FX feed', () => {
  it('stores the feed once a day into organizations using several currencies, for those currencies only', async () => {
    const multi = await buildOrgOwner(server.app);
    await buildSubscription(server.app.deps.db, multi.orgId, { currency: 'GBP' });
    // Entered by hand: the feed does not overwrite it.
    await api(server.app, multi.cookie).post('/api/fx-rates', {
      rates: [{ date: '2026-03-09', base: 'EUR', quote: 'USD', rate: 1.2 }],
    });
    const single = await buildOrgOwner(server.app);
    await buildSubscription(server.app.deps.db, single.orgId, { currency: 'USD' });

    feed.status = 500;
    expect(await fxRatesFeedTask.run(server.app.deps)).toBeNull();
    expect(await rates(multi.orgId)).toHaveLength(1);

    feed.status = 200;
    const hitsBefore = feed.hits;
    const [first, again] = await Promise.all([
      fxRatesFeedTask.run(server.app.deps),
      fxRatesFeedTask.run(second.app.deps),
    ]);
    expect([first, again].filter((r) => r !== null)).toHaveLength(1);
    expect(await fxRatesFeedTask.run(server.app.deps)).toBeNull();
    expect(feed.hits - hitsBefore).toBe(1);
    expect(await rates(multi.orgId)).toEqual([
      { base: 'EUR', quote: 'GBP', rate: 0.85, source: 'feed' },
      { base: 'EUR', quote: 'USD', rate: 1.2, source: 'manual' },
    ]);
    expect(await rates(single.orgId)).toEqual([]);

    // The next day's slot fetches again.
    clock.advance(DAY_MS);
    expect(await fxRatesFeedTask.run(second.app.deps)).not.toBeNull();
    expect(feed.hits - hitsBefore).toBe(2);
  });
});
