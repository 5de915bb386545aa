import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

// Issue 31: a report's note on charges with no exchange rate says which rate and which months.

const server = useTestServer({ clock: fixedClock('2026-11-15T12:00:00Z') });

describe('missing-rate note in reports', () => {
  it('names the pair and the months of the charges left out', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.app.deps.db, owner.orgId, 'pro');
    const db = server.app.deps.db;
    const app = await buildSubscription(db, owner.orgId, { name: 'Slack', department: 'Engineering' });
    for (const [date, minor, currency] of [
      ['2026-03-10', 10_000, 'USD'],
      ['2026-03-12', 2_000, 'GBP'],
      ['2026-04-02', 3_000, 'GBP'],
    ] as const) {
      await db.execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
        merchant_name, subscription_id, match_status)
        values (${owner.orgId}, ${date}, ${minor}, ${currency}, 'Slack', 'slack', 'Slack', ${app.id}, 'matched')`);
    }
    const doc = (
      await api(server.app, owner.cookie).get(
        '/api/reports/spend-by-department?from=2026-01-01&to=2026-06-30',
      )
    ).json();
    expect(doc.sections[0].items[0]).toMatchObject({
      label: 'Actual spend',
      value: 10_000,
      hint: 'No GBP→USD rate in Mar 2026 – Apr 2026 (2 charges): left out, not guessed.',
    });
  });
});
