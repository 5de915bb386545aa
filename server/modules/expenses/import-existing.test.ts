import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, expenses } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { useTestServer } from '../../test/test-server';

const server = useTestServer({ clock: fixedClock('2026-03-20T09:00:00Z') });

const BOOKED = 'Date,Description,Amount\n2026-03-01,NOTION LABS,-8.00\n2026-03-02,FIGMA,-15.00\n';
// The same two charges (one with its invoice number now) and a new one.
const AGAIN =
  'Date,Description,Amount,Invoice\n2026-03-01,NOTION LABS,-8.00,INV-1\n2026-03-02,FIGMA,-15.00,\n2026-03-03,LINEAR,-10.00,\n';

async function setup() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  const upload = async (content: string) => {
    const part = multipartFile('statement.csv', content);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/expenses/import',
      payload: part.payload,
      headers: { ...part.headers, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(201);
    return res.json().batchId as string;
  };
  const commit = (batchId: string, body: Record<string, unknown> = {}) =>
    client.post(`/api/expenses/import/${batchId}/commit`, body);
  expect((await commit(await upload(BOOKED))).statusCode).toBe(200);
  const stored = () =>
    server.database.db.select().from(expenses).where(eq(expenses.organizationId, owner.orgId));
  const notion = (await stored()).find((e) => e.merchant === 'NOTION LABS')!;
  return { owner, client, upload, commit, stored, notion };
}

describe('statement import: expenses already booked', () => {
  it('flags rows already booked with the booked expense', async () => {
    const { client, upload, notion } = await setup();
    const batchId = await upload(AGAIN);
    const preview = (await client.post(`/api/expenses/import/${batchId}/preview`, {})).json();
    expect(preview.rows.map((r: { existing: unknown }) => r.existing)).toEqual([
      { id: notion.id, label: 'NOTION LABS', matchedBy: 'expense' },
      expect.objectContaining({ label: 'FIGMA', matchedBy: 'expense' }),
      null,
    ]);
  });

  it('skips them by default: the spend is not counted twice', async () => {
    const { upload, commit, stored } = await setup();
    const res = await commit(await upload(AGAIN));
    expect(res.json()).toMatchObject({ created: 1, updated: 0, skippedExisting: 2, imported: 1 });
    const rows = await stored();
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, e) => sum + e.amountMinor, 0)).toBe(3300);
  });

  it('update writes what the file adds to the booked expense and records it', async () => {
    const { owner, upload, commit, stored, notion } = await setup();
    const res = await commit(await upload(AGAIN), {
      decisions: { default: 'skip', rows: [{ row: 2, decision: 'update' }] },
    });
    expect(res.json()).toMatchObject({ created: 1, updated: 1, skippedExisting: 1 });
    const rows = await stored();
    expect(rows).toHaveLength(3);
    expect(rows.find((e) => e.id === notion.id)?.invoiceNumber).toBe('INV-1');
    const events = await server.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, owner.orgId), eq(domainEvents.type, 'expense.recorded')));
    expect(events.some((e) => (e.payload.expenseIds as string[]).includes(notion.id))).toBe(true);
  });

  it('create books them again when the user says so', async () => {
    const { upload, commit, stored } = await setup();
    const res = await commit(await upload(AGAIN), { decisions: { default: 'create' } });
    expect(res.json()).toMatchObject({ created: 3, skippedExisting: 0 });
    expect(await stored()).toHaveLength(5);
  });

  it('refuses choices for lines the file does not have, and stores nothing', async () => {
    const { upload, commit, stored } = await setup();
    const res = await commit(await upload(AGAIN), { decisions: { rows: [{ row: 77, decision: 'create' }] } });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toHaveLength(2);
  });

  it("never matches another organization's expenses", async () => {
    await setup(); // another company booked the same charges
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const part = multipartFile('statement.csv', AGAIN);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/api/expenses/import',
      payload: part.payload,
      headers: { ...part.headers, cookie: owner.cookie },
    });
    const batchId = uploaded.json().batchId;
    const preview = (await client.post(`/api/expenses/import/${batchId}/preview`, {})).json();
    expect(preview.counts.duplicates).toBe(0);
    const res = await client.post(`/api/expenses/import/${batchId}/commit`, {});
    expect(res.json()).toMatchObject({ created: 3, skippedExisting: 0 });
  });
});
