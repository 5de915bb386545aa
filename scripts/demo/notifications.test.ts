import { describe, expect, it } from 'vitest';
import { dailyJobs } from '../../server/jobs';
import { testScheduler } from '../../server/test/scheduler';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });

interface Listed {
  priority: string;
  type: string;
  title: string;
  message: string;
}
const RANK: Record<string, number> = { high: 0, medium: 1 };

describe('demo company notifications', () => {
  it('spread over high, medium and low by money at stake, listed high first', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    await setPlan(server.database.db, owner.orgId, 'pro');
    await testScheduler(server.app.deps, dailyJobs).tick();

    const list: Listed[] = (await client.get('/api/notifications')).json();
    const count = (priority: string) => list.filter((n) => n.priority === priority).length;
    expect(list.length).toBeGreaterThan(20);
    for (const priority of ['high', 'medium', 'low']) expect(count(priority)).toBeGreaterThanOrEqual(5);
    expect(count('high')).toBeLessThan(list.length / 2);

    const ranks = list.map((n) => RANK[n.priority] ?? 2);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect((await client.get('/api/notifications/unread')).json()).toEqual(list.slice(0, 50));

    // A renewal reminder names the annual cost: a tool under $500 a year is never high, and
    // one of $10,000 or more inside its 30-day window always is.
    const annual = (n: Listed) => /\(\$([\d,.]+) a year\)/.exec(n.message)?.[1];
    const reminders = list.filter((n) => n.type === 'due-soon' && annual(n));
    const usd = (n: Listed) => Number(annual(n)!.replace(/,/g, ''));
    const within30 = (n: Listed) => Number(/in (\d+) days?$|today$/.exec(n.title)?.[1] ?? 0) <= 30;
    expect(reminders.filter((n) => usd(n) < 500).every((n) => n.priority === 'low')).toBe(true);
    const big = reminders.filter((n) => usd(n) >= 10_000 && within30(n));
    expect(big.length).toBeGreaterThan(3);
    expect(big.every((n) => n.priority === 'high')).toBe(true);
  });
});
