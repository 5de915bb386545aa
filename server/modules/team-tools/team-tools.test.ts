import { describe, expect, it } from 'vitest';
import { settingsItems } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { server, db, build } = useTestServerAt('2026-03-31T12:00:00Z');

describe('team tools', () => {
  it('lists applications per department with seats, cost per head and overlapping tools', async () => {
    const owner = await buildOrgOwner(server.app);
    const orgId = owner.orgId;
    await build.plan(orgId, 'pro');
    const [design] = await db()
      .insert(settingsItems)
      .values({ organizationId: orgId, kind: 'categories', name: 'Diagramming' })
      .returning();
    const figma = await build.subscription(orgId, { name: 'Figma', categoryId: design.id });
    const sketch = await build.subscription(orgId, { name: 'Sketch', categoryId: design.id });
    const slack = await build.subscription(orgId, { name: 'Slack' });
    await build.subscription(orgId, {
      name: 'Salesforce',
      department: 'sales',
      amountMinor: 100_000,
      billingCycle: 'monthly',
    });
    const figmaPool = await build.pool(orgId, figma.id, { unitPriceMinor: 1_500 });
    const sketchPool = await build.pool(orgId, sketch.id, { unitPriceMinor: 1_000 });
    const slackPool = await build.pool(orgId, slack.id, { unitPriceMinor: 500 });
    const d1 = await build.person(orgId, { department: 'Design', team: 'Brand' });
    const d2 = await build.person(orgId, { department: 'Design', team: 'Product' });
    const s1 = await build.person(orgId, { department: 'Sales', team: 'EMEA' });
    const s2 = await build.person(orgId, { department: 'Sales', team: 'EMEA' });
    const left = await build.person(orgId, { department: 'Sales', status: 'offboarded' });
    await build.assignment(orgId, figmaPool.id, d1.id);
    await build.assignment(orgId, sketchPool.id, d2.id);
    for (const p of [d1, d2, s1, s2, left]) await build.assignment(orgId, slackPool.id, p.id);
    const client = api(server.app, owner.cookie);

    const byDepartment = (await client.get('/api/team-tools')).json();
    expect(
      byDepartment.groups.map((g: { department: string; headcount: number }) => [g.department, g.headcount]),
    ).toEqual([
      ['Design', 2],
      ['Sales', 2],
    ]);
    const [designGroup, salesGroup] = byDepartment.groups;
    expect(
      designGroup.applications.map(
        (a: { name: string; seats: number; yearlyCostMinor: number; costPerHeadMinor: number }) => [
          a.name,
          a.seats,
          a.yearlyCostMinor,
          a.costPerHeadMinor,
        ],
      ),
    ).toEqual([
      ['Figma', 1, 18_000, 9_000],
      ['Sketch', 1, 12_000, 6_000],
      ['Slack', 2, 12_000, 6_000],
    ]);
    expect(designGroup.overlaps).toEqual([{ category: 'Diagramming', applications: ['Figma', 'Sketch'] }]);
    expect(designGroup.costPerHead).toEqual([{ currency: 'USD', amountMinor: 21_000 }]);
    expect(
      salesGroup.applications.map((a: { name: string; seats: number | null }) => [a.name, a.seats]),
    ).toEqual([
      ['Salesforce', null],
      ['Slack', 2],
    ]);
    expect(salesGroup.overlaps).toEqual([]);

    const byTeam = (await client.get('/api/team-tools?groupBy=team')).json();
    expect(
      byTeam.groups.map((g: { department: string; team: string }) => `${g.department}/${g.team}`),
    ).toEqual(['Design/Brand', 'Design/Product', 'Sales/EMEA']);
    expect(byTeam.groups[0].overlaps).toEqual([]);
    expect((await client.get('/api/team-tools?groupBy=nope')).statusCode).toBe(400);
  });

  it('needs Growth and shows only its own organization', async () => {
    const starter = await buildOrgOwner(server.app);
    const response = await api(server.app, starter.cookie).get('/api/team-tools');
    expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    const other = await buildOrgOwner(server.app);
    await build.plan(other.orgId, 'pro');
    await build.person(starter.orgId, { department: 'Hidden' });
    expect((await api(server.app, other.cookie).get('/api/team-tools')).json().groups).toEqual([]);
  });
});
