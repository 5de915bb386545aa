import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import {
  api,
  buildAssignment,
  buildOrgOwner,
  buildPerson,
  buildPool,
  buildSubscription,
  setPlan,
} from '../../test/factories';
import { readPdf } from '../../test/read-pdf';
import { getTestServer, type TestServer } from '../../test/test-server';

// The report library through the API: plans, the document, and its files read back.

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-11-15T12:00:00Z') });
});
afterAll(() => server.close());

async function org(plan: 'starter' | 'pro' | 'scale' = 'pro') {
  const owner = await buildOrgOwner(server.app, { orgName: 'Initech' });
  await setPlan(server.app.deps.db, owner.orgId, plan);
  return { ...owner, client: api(server.app, owner.cookie) };
}

describe('report library', () => {
  it('lists the reports on Growth and answers 403 plan_required on Starter', async () => {
    const growth = await org('pro');
    const list = await growth.client.get('/api/reports');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { key: string }) => r.key)).toContain('executive-summary');
    const starter = await org('starter');
    const denied = await starter.client.get('/api/reports');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('plan_required');
    expect((await starter.client.get('/api/reports/license-utilisation')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown report and 400 for a reversed range', async () => {
    const { client } = await org();
    expect((await client.get('/api/reports/nope')).statusCode).toBe(404);
    const reversed = await client.get('/api/reports/license-utilisation?from=2026-05-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect((await client.get('/api/reports/license-utilisation?from=2026-02-30')).statusCode).toBe(400);
    expect((await client.get('/api/reports/license-utilisation?format=doc')).statusCode).toBe(400);
  });
});

describe('license utilisation', () => {
  it('shows seats and the yearly cost of unused ones, the same on screen and in the PDF', async () => {
    const owner = await org();
    const db = server.app.deps.db;
    const app = await buildSubscription(db, owner.orgId, { name: 'Figma' });
    const pool = await buildPool(db, owner.orgId, app!.id, { seats: 10, unitPriceMinor: 1_500 });
    for (let i = 0; i < 4; i++) {
      const person = await buildPerson(db, owner.orgId);
      await buildAssignment(db, owner.orgId, pool!.id, person!.id, {
        lastActiveAt: i < 3 ? new Date('2026-11-10T00:00:00Z') : null,
      });
    }
    const json = await owner.client.get('/api/reports/license-utilisation');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc).toMatchObject({ from: '2025-11-01', to: '2026-10-31', currency: 'USD' });
    const table = doc.sections.find((s: { id: string }) => s.id === 'applications');
    // 10 seats, 3 active: 7 unused × $15 × 12 = $1,260 a year.
    expect(table.rows[0]).toMatchObject({
      application: 'Figma',
      purchased: 10,
      assigned: 4,
      active: 3,
      unusedCost: 126_000,
    });

    const pdf = await owner.client.get('/api/reports/license-utilisation?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="stackwise-license-utilisation-2025-11-01-2026-10-31.pdf"',
    );
    const text = (await readPdf(pdf.rawPayload)).flat().join('\n');
    expect(text).toContain('License utilisation');
    expect(text).toContain('Period: 1 Nov 2025 – 31 Oct 2026');
    expect(text).toContain('$1,260.00');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Stackwise');
  });
});
