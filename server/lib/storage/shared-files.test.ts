// Files uploaded through one server are read through another on the same database, with the
// PostgreSQL and the S3 driver (local disk is per server by nature).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { startS3 } from '../../test/s3';
import { sampleFiles } from '../../test/sample-files';
import { getTestServer, type TestServer } from '../../test/test-server';

const statement = readFileSync(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../modules/expenses/parsers/fixtures/dkb-girokonto.csv',
  ),
);

describe.each([
  { driver: 'postgres', start: async () => ({ env: { STORAGE_DRIVER: 'postgres' }, close: async () => {} }) },
  {
    driver: 's3',
    start: async () => {
      const s3 = await startS3();
      const env = {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: s3.options.bucket,
        S3_ENDPOINT: s3.options.endpoint!,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
      return { env, close: s3.close };
    },
  },
])('STORAGE_DRIVER=$driver on two servers', ({ start }) => {
  let first: TestServer;
  let second: TestServer;
  let stopStorage: () => Promise<void>;
  beforeAll(async () => {
    const storage = await start();
    stopStorage = storage.close;
    first = await getTestServer({ env: storage.env });
    second = await getTestServer({ env: storage.env, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await stopStorage();
  });

  it('downloads through one server the contract document uploaded through the other', async () => {
    const owner = await buildOrgOwner(first.app);
    await setPlan(first.database.db, owner.orgId, 'pro');
    const sub = await buildSubscription(first.database.db, owner.orgId);
    const contract = (
      await api(first.app, owner.cookie).post(`/api/subscriptions/${sub.id}/contracts`, {
        title: 'Order form',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
    ).json();
    // A real PDF's header and trailer around 3 MB of binary, so it spans several chunks.
    const pdf = sampleFiles['contract.pdf'].content;
    const content = Buffer.concat([pdf.subarray(0, 9), randomBytes(3 * 1024 * 1024), pdf.subarray(9)]);
    const body = multipartFile('order-form.pdf', content);
    const uploaded = await first.app.inject({
      method: 'POST',
      url: `/api/contracts/${contract.id}/documents`,
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const url = `/api/contracts/${contract.id}/documents/${uploaded.json().id}`;

    const download = await api(second.app, owner.cookie).get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(content)).toBe(true);

    expect((await api(second.app, owner.cookie).delete(url)).statusCode).toBe(204);
    expect((await api(first.app, owner.cookie).get(url)).statusCode).toBe(404);
  });

  it('commits on one server the bank statement staged through the other', async () => {
    const owner = await buildOrgOwner(first.app);
    const part = multipartFile('umsaetze.csv', statement);
    const uploaded = await first.app.inject({
      method: 'POST',
      url: '/api/expenses/import',
      headers: { ...part.headers, cookie: owner.cookie },
      payload: part.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const commit = await api(second.app, owner.cookie).post(
      `/api/expenses/import/${uploaded.json().batchId}/commit`,
      { defaultCurrency: 'EUR' },
    );
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toMatchObject({ imported: 4 });
  });
});
