// The insights API (issue 16): plan and role gating, tenancy, the list's filters and totals, the
// pipeline's moves, comments, "Refresh now", the savings ledger, the thresholds and the export.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, insightOpportunities } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  addMemberWithSession,
  api,
  buildOrgOwner,
  buildPerson,
  buildSubscription,
  setOrganization,
} from '../../test/factories';
import { readWorkbook } from '../../test/read-workbook';
import { getTestServer, type TestServer } from '../../test/test-server';
import { buildInsightComment, buildOpportunity } from './test/opportunity-factory';

const NOW = '2026-11-25T12:00:00Z';
const TODAY = '2026-11-25';
let server: TestServer;
const clock = fixedClock(NOW);
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());
const db = () => server.database.db;

/** An organization on Growth (owner Ada Lovelace). */
async function growthOrg(fiscalYearStartMonth = 1) {
  const owner = await buildOrgOwner(server.app);
  await setOrganization(db(), owner.orgId, { subscriptionPlan: 'pro', fiscalYearStartMonth });
  return { owner, orgId: owner.orgId, client: api(server.app, owner.cookie) };
}

async function opportunityRow(id: string) {
  const [row] = await db().select().from(insightOpportunities).where(eq(insightOpportunities.id, id));
  return row!;
}

const fieldsOf = (response: { json(): unknown }) =>
  ((response.json() as { fields?: Array<{ field: string }> }).fields ?? []).map((f) => f.field);

/** Runs `fn` with the clock at `at`, then puts it back. */
async function at<T>(when: string, fn: () => Promise<T>): Promise<T> {
  clock.set(when);
  try {
    return await fn();
  } finally {
    clock.set(NOW);
  }
}

describe('insights: plan, roles and tenancy', () => {
  it('needs Growth: Starter gets 403 plan_required on every route', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const opportunity = await buildOpportunity(db(), owner.orgId);
    const id = opportunity.id;
    const responses = [
      await client.get('/api/insights'),
      await client.get(`/api/insights/${id}`),
      await client.patch(`/api/insights/${id}`, { state: 'reviewing' }),
      await client.post(`/api/insights/${id}/comments`, { body: 'Hello' }),
      await client.post('/api/insights/refresh'),
      await client.get('/api/insights/summary'),
      await client.get('/api/insights/settings'),
      await client.patch('/api/insights/settings', { inactiveDays: 30 }),
      await client.get('/api/insights/export?format=csv'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
    expect((await opportunityRow(id)).state).toBe('new');
  });

  it('lets a viewer read but not move, comment, refresh or change the thresholds', async () => {
    const { orgId } = await growthOrg();
    const viewer = api(server.app, (await addMemberWithSession(db(), orgId, 'viewer')).cookie);
    const { id } = await buildOpportunity(db(), orgId);
    for (const url of [
      '/api/insights',
      `/api/insights/${id}`,
      '/api/insights/summary',
      '/api/insights/settings',
      '/api/insights/export?format=csv',
    ]) {
      expect((await viewer.get(url)).statusCode, url).toBe(200);
    }
    for (const response of [
      await viewer.patch(`/api/insights/${id}`, { state: 'reviewing' }),
      await viewer.post(`/api/insights/${id}/comments`, { body: 'Hello' }),
      await viewer.post('/api/insights/refresh'),
      await viewer.patch('/api/insights/settings', { inactiveDays: 30 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    expect((await opportunityRow(id)).state).toBe('new');
  });

  it('lets members work the pipeline; only owners and admins change the thresholds', async () => {
    const { orgId } = await growthOrg();
    const member = api(server.app, (await addMemberWithSession(db(), orgId, 'member')).cookie);
    const admin = api(server.app, (await addMemberWithSession(db(), orgId, 'admin')).cookie);
    const { id } = await buildOpportunity(db(), orgId);
    expect((await member.patch(`/api/insights/${id}`, { state: 'reviewing' })).statusCode).toBe(200);
    expect((await member.post(`/api/insights/${id}/comments`, { body: 'On it' })).statusCode).toBe(201);
    expect((await member.patch('/api/insights/settings', { inactiveDays: 30 })).statusCode).toBe(403);
    expect((await admin.patch('/api/insights/settings', { inactiveDays: 30 })).statusCode).toBe(200);
  });

  it("answers 404 for another organization's opportunity and for an unknown id", async () => {
    const mine = await growthOrg();
    const theirs = await growthOrg();
    const other = await buildOpportunity(db(), theirs.orgId);
    for (const id of [other.id, randomUUID()]) {
      expect((await mine.client.get(`/api/insights/${id}`)).statusCode).toBe(404);
      expect((await mine.client.patch(`/api/insights/${id}`, { state: 'reviewing' })).statusCode).toBe(404);
      expect((await mine.client.post(`/api/insights/${id}/comments`, { body: 'Hi' })).statusCode).toBe(404);
    }
    const row = await opportunityRow(other.id);
    expect(row.state).toBe('new');
    expect((await theirs.client.get(`/api/insights/${other.id}`)).json().commentCount).toBe(0);
    expect((await mine.client.get('/api/insights')).json().total).toBe(0);
  });

  it('keeps reads open and refuses writes in the read-only grace period', async () => {
    const { orgId, client } = await growthOrg();
    const { id } = await buildOpportunity(db(), orgId);
    await setOrganization(db(), orgId, {
      accountStatus: 'grace_readonly',
      graceEndsAt: new Date('2026-12-05T00:00:00Z'),
    });
    expect((await client.get('/api/insights')).statusCode).toBe(200);
    const patched = await client.patch(`/api/insights/${id}`, { state: 'reviewing' });
    expect(patched.statusCode).toBe(403);
    expect(patched.json().code).toBe('read_only');
    expect((await client.post('/api/insights/refresh')).json().code).toBe('read_only');
    expect((await opportunityRow(id)).state).toBe('new');
  });
});

describe('insights: the list', () => {
  async function seeded() {
    const org = await growthOrg();
    const { orgId } = org;
    const x = await buildSubscription(db(), orgId, { name: 'Xylo' });
    const y = await buildSubscription(db(), orgId, { name: 'Yak' });
    const person = await buildPerson(db(), orgId, { firstName: 'Grace', lastName: 'Hopper' });
    const seen = (day: number) => new Date(`2026-11-${String(day).padStart(2, '0')}T08:00:00Z`);
    // A and B share a seat: the headline counts it once, at A's larger claim.
    const a = await buildOpportunity(db(), orgId, {
      title: 'A',
      savingMinor: 50_000,
      claims: [
        { kind: 'seat', applicationId: y.id, unit: 'pool:shared', annualMinor: 25_000 },
        { kind: 'seat', applicationId: y.id, unit: 'pool:a', annualMinor: 25_000 },
      ],
      applicationIds: [x.id],
      personIds: [person.id],
      firstSeenAt: seen(1),
      explanation: 'Template text.',
      narrative: 'The model says so.',
      narrativeOf: 'Template text.',
    });
    const b = await buildOpportunity(db(), orgId, {
      title: 'B',
      type: 'unassigned_seats',
      state: 'reviewing',
      savingMinor: 30_000,
      claims: [
        { kind: 'seat', applicationId: y.id, unit: 'pool:shared', annualMinor: 10_000 },
        { kind: 'seat', applicationId: y.id, unit: 'pool:b', annualMinor: 20_000 },
      ], // overlaps A: 20_000 counted
      applicationIds: [y.id],
      ownerUserId: org.owner.id,
      firstSeenAt: seen(2),
      explanation: 'Current template.',
      narrative: 'Stale model text.',
      narrativeOf: 'An older template.',
    });
    const c = await buildOpportunity(db(), orgId, {
      title: 'C',
      type: 'price_increase',
      state: 'in_progress',
      savingMinor: 80_000,
      applicationIds: [x.id],
      dueDate: '2026-12-01',
      firstSeenAt: seen(3),
    });
    await buildOpportunity(db(), orgId, {
      title: 'D',
      state: 'dismissed',
      dismissReason: 'not_relevant',
      savingMinor: 99_999,
    });
    await buildOpportunity(db(), orgId, {
      title: 'E',
      state: 'realized',
      savingMinor: 7_000,
      realizedMinor: 7_000,
      realizedSource: 'manual',
      realizedAt: new Date('2026-10-01T00:00:00Z'),
    });
    await buildOpportunity(db(), orgId, { title: 'F', detected: false, savingMinor: 60_000 });
    const g = await buildOpportunity(db(), orgId, {
      title: 'G',
      savingMinor: 10_000,
      snoozedUntil: '2026-12-01',
    });
    const h = await buildOpportunity(db(), orgId, {
      title: 'H',
      type: 'monthly_to_annual',
      savingMinor: 5_000,
      snoozedUntil: '2026-11-20', // its date has passed: back in the list
      firstSeenAt: seen(4),
    });
    return { ...org, x, y, person, a, b, c, g, h };
  }

  const titles = (response: { json(): { items: Array<{ title: string }> } }) =>
    response.json().items.map((i) => i.title);

  it('lists open opportunities by saving with names, and totals counted once whatever the filters', async () => {
    const { client, owner, x, y, person, a, b } = await seeded();
    const all = await client.get('/api/insights');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(titles(all)).toEqual(['C', 'A', 'B', 'H']);
    expect(body.total).toBe(4);
    expect(body.currency).toBe('USD');
    const expectedTotals = {
      openCount: 4,
      identifiedMinor: 80_000 + 50_000 + 20_000 + 5_000,
      byType: [
        { type: 'inactive_licenses', count: 1, savingMinor: 50_000 },
        { type: 'price_increase', count: 1, savingMinor: 80_000 },
        { type: 'unassigned_seats', count: 1, savingMinor: 20_000 },
        { type: 'monthly_to_annual', count: 1, savingMinor: 5_000 },
      ],
    };
    expect(body.totals.openCount).toBe(expectedTotals.openCount);
    expect(body.totals.identifiedMinor).toBe(expectedTotals.identifiedMinor);
    expect(body.totals.byType).toEqual(expect.arrayContaining(expectedTotals.byType));
    expect(body.totals.byType).toHaveLength(4);
    expect(body.generatedAt).toBeNull();
    expect(body.refreshAvailableAt).toBeNull();
    // Issue 31: the cards' counted amounts add up to the headline, to the cent, and so does "By type".
    const counted = body.items.map((i: { countedMinor: number }) => i.countedMinor);
    expect(counted.reduce((n: number, v: number) => n + v, 0)).toBe(body.totals.identifiedMinor);
    expect(
      body.totals.byType.reduce((n: number, t: { savingMinor: number }) => n + t.savingMinor, 0),
    ).toBe(body.totals.identifiedMinor);
    // What overlaps says with which.
    expect(body.items.find((i: { id: string }) => i.id === b.id)).toMatchObject({
      countedMinor: 20_000,
      overlapsWith: [{ id: a.id, title: 'A' }],
    });
    expect(body.items.find((i: { id: string }) => i.id === a.id).overlapsWith).toEqual([
      { id: b.id, title: 'B' },
    ]);

    const itemA = body.items.find((i: { id: string }) => i.id === a.id);
    expect(itemA).toMatchObject({
      applications: [{ id: x.id, name: 'Xylo' }],
      people: [{ id: person.id, name: 'Grace Hopper' }],
      explanation: 'The model says so.',
      owner: null,
      commentCount: 0,
      detected: true,
    });
    const itemB = body.items.find((i: { id: string }) => i.id === b.id);
    expect(itemB).toMatchObject({
      applications: [{ id: y.id, name: 'Yak' }],
      explanation: 'Current template.',
      owner: { id: owner.id, name: 'Ada Lovelace' },
      state: 'reviewing',
    });

    // Filters narrow the items, never the totals.
    const filtered = await client.get('/api/insights?type=inactive_licenses,monthly_to_annual');
    expect(titles(filtered)).toEqual(['A', 'H']);
    expect(filtered.json().totals).toEqual(body.totals);
    expect(titles(await client.get(`/api/insights?applicationId=${x.id}`))).toEqual(['C', 'A']);
    expect(titles(await client.get(`/api/insights?ownerUserId=${owner.id}`))).toEqual(['B']);
    expect(titles(await client.get('/api/insights?minSavingMinor=40000'))).toEqual(['C', 'A']);
    expect(titles(await client.get('/api/insights?state=dismissed,realized'))).toEqual(['D', 'E']);
    expect(titles(await client.get('/api/insights?state=new'))).toEqual(['A', 'H']);
    expect(titles(await client.get('/api/insights?includeSnoozed=true'))).toEqual(['C', 'A', 'B', 'G', 'H']);
  });

  it('sorts by newest or due date, and pages', async () => {
    const { client } = await seeded();
    expect(titles(await client.get('/api/insights?sort=newest'))).toEqual(['H', 'C', 'B', 'A']);
    expect(titles(await client.get('/api/insights?sort=due'))).toEqual(['C', 'A', 'B', 'H']);
    const page2 = await client.get('/api/insights?pageSize=3&page=2');
    expect(page2.json()).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(titles(page2)).toEqual(['H']);
    expect(page2.json().totals.openCount).toBe(4);
  });

  it('hides a snoozed opportunity until its date', async () => {
    const { client, g } = await seeded();
    const before = await client.get('/api/insights');
    expect(titles(before)).not.toContain('G');
    await at('2026-12-01T09:00:00Z', async () => {
      const after = await client.get('/api/insights');
      expect(titles(after)).toContain('G');
      expect(after.json().totals.identifiedMinor).toBe(before.json().totals.identifiedMinor + g.countedMinor);
    });
  });

  it('refuses bad filters with the field names', async () => {
    const { client } = await growthOrg();
    for (const [query, field] of [
      ['type=nonsense', 'type'],
      ['state=closed', 'state'],
      ['sort=cheapest', 'sort'],
      ['minSavingMinor=-1', 'minSavingMinor'],
      ['applicationId=nope', 'applicationId'],
    ] as const) {
      const response = await client.get(`/api/insights?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(fieldsOf(response).join(' '), query).toContain(field);
    }
  });
});

describe('insights: the pipeline', () => {
  it('moves an opportunity through review, assignment, progress, dismissal, reopening, snooze and realisation', async () => {
    const { orgId, client } = await growthOrg();
    const member = await addMemberWithSession(db(), orgId, 'member');
    const { id } = await buildOpportunity(db(), orgId, { savingMinor: 123_456 });
    const patch = (body: Record<string, unknown>) => client.patch(`/api/insights/${id}`, body);

    const reviewing = await patch({ state: 'reviewing' });
    expect(reviewing.statusCode).toBe(200);
    expect(reviewing.json()).toMatchObject({ state: 'reviewing', updatedAt: new Date(NOW).toISOString() });
    expect((await opportunityRow(id)).stateChangedAt.toISOString()).toBe(new Date(NOW).toISOString());

    const assigned = await patch({ ownerUserId: member.id, dueDate: '2026-12-15', state: 'in_progress' });
    expect(assigned.json()).toMatchObject({
      state: 'in_progress',
      owner: { id: member.id, name: 'Test member' },
      dueDate: '2026-12-15',
    });

    const dismissed = await patch({
      state: 'dismissed',
      dismissReason: 'other',
      dismissNote: 'Legal needs it',
    });
    expect(dismissed.json()).toMatchObject({
      state: 'dismissed',
      dismissReason: 'other',
      dismissNote: 'Legal needs it',
    });
    expect((await opportunityRow(id)).dismissedSavingMinor).toBe(123_456);
    expect((await client.get('/api/insights')).json().totals.openCount).toBe(0);

    // A closed opportunity only reopens.
    const sideways = await patch({ state: 'in_progress' });
    expect(sideways.statusCode).toBe(400);
    expect(fieldsOf(sideways)).toEqual(['state']);

    const reopened = await patch({ state: 'new' });
    expect(reopened.json()).toMatchObject({ state: 'new', dismissReason: null, dismissNote: null });
    expect((await opportunityRow(id)).dismissedSavingMinor).toBeNull();
    expect((await client.get('/api/insights')).json().totals.identifiedMinor).toBe(123_456);

    const snoozed = await patch({ snoozedUntil: '2026-12-10' });
    expect(snoozed.json().snoozedUntil).toBe('2026-12-10');
    expect((await client.get('/api/insights')).json().total).toBe(0);
    expect((await patch({ snoozedUntil: null })).json().snoozedUntil).toBeNull();
    expect((await client.get('/api/insights')).json().total).toBe(1);

    const realizedAt = '2026-11-26T10:00:00.000Z';
    const realized = await at(realizedAt, () => patch({ state: 'realized', realizedMinor: 99_900 }));
    expect(realized.json()).toMatchObject({
      state: 'realized',
      realizedMinor: 99_900,
      realizedSource: 'manual',
      realizedAt,
    });

    const again = await patch({ state: 'new' });
    expect(again.json()).toMatchObject({
      state: 'new',
      realizedMinor: null,
      realizedSource: null,
      realizedAt: null,
    });

    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.entityId, id)));
    expect(audits.length).toBeGreaterThanOrEqual(8);
    expect(audits.every((a) => a.action === 'insight.update')).toBe(true);
  });

  it('refuses bad changes with the field names and changes nothing', async () => {
    const { orgId, client } = await growthOrg();
    const stranger = await growthOrg();
    const { id } = await buildOpportunity(db(), orgId);
    const before = await opportunityRow(id);
    for (const [body, fields] of [
      [{}, ['body']],
      [{ state: 'dismissed' }, ['dismissReason']],
      [{ state: 'dismissed', dismissReason: 'other' }, ['dismissNote']],
      [{ state: 'realized' }, ['realizedMinor']],
      [{ state: 'realized', realizedMinor: 12.5 }, ['realizedMinor']],
      [{ state: 'done' }, ['state']],
      [{ ownerUserId: stranger.owner.id }, ['ownerUserId']],
      [{ snoozedUntil: TODAY }, ['snoozedUntil']],
      [{ snoozedUntil: '2026-13-01' }, ['snoozedUntil']],
      [{ dueDate: 'soon' }, ['dueDate']],
      [{ dismissReason: 'not_relevant' }, ['dismissReason']],
    ] as Array<[Record<string, unknown>, string[]]>) {
      const response = await client.patch(`/api/insights/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect(fieldsOf(response), JSON.stringify(body)).toEqual(fields);
    }
    expect(await opportunityRow(id)).toEqual(before);
  });

  it('takes comments and shows them with their authors on the detail', async () => {
    const { orgId, client, owner } = await growthOrg();
    const { id } = await buildOpportunity(db(), orgId, {
      evidence: [{ kind: 'application', id: null, label: 'Seats', figures: { owned: 10, used: 4 } }],
    });
    await buildInsightComment(db(), orgId, id, {
      body: 'Earlier',
      createdAt: new Date('2026-11-20T00:00:00Z'),
    });
    const created = await client.post(`/api/insights/${id}/comments`, { body: '  Talk to finance  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      body: 'Talk to finance',
      author: { id: owner.id, name: 'Ada Lovelace' },
      createdAt: new Date(NOW).toISOString(),
    });
    const empty = await client.post(`/api/insights/${id}/comments`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['body']);

    const detail = (await client.get(`/api/insights/${id}`)).json();
    expect(detail.evidence).toEqual([
      { kind: 'application', id: null, label: 'Seats', figures: { owned: 10, used: 4 } },
    ]);
    expect(detail.comments.map((c: { body: string }) => c.body)).toEqual(['Earlier', 'Talk to finance']);
    expect(detail.comments[0].author).toBeNull();
    expect(detail.commentCount).toBe(2);
    expect((await client.get('/api/insights')).json().items[0].commentCount).toBe(2);
  });
});

describe('insights: refresh', () => {
  it('refreshes at most once per 5 minutes per organization', async () => {
    const { client } = await growthOrg();
    const first = await client.post('/api/insights/refresh');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      generatedAt: new Date(NOW).toISOString(),
      created: 0,
      updated: 0,
      realized: 0,
      refreshAvailableAt: '2026-11-25T12:05:00.000Z',
    });
    const list = (await client.get('/api/insights')).json();
    expect(list.generatedAt).toBe(new Date(NOW).toISOString());
    expect(list.refreshAvailableAt).toBe('2026-11-25T12:05:00.000Z');

    const second = await at('2026-11-25T12:04:00Z', () => client.post('/api/insights/refresh'));
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: 'rate_limited',
      reason: 'refresh_too_soon',
      refreshAvailableAt: '2026-11-25T12:05:00.000Z',
    });
    expect(second.json().message).toMatch(/refresh again in 1 minute/);
    expect(second.headers['retry-after']).toBe('60');

    const third = await at('2026-11-25T12:05:00Z', () => client.post('/api/insights/refresh'));
    expect(third.statusCode).toBe(200);
    expect(third.json().refreshAvailableAt).toBe('2026-11-25T12:10:00.000Z');
  });

  it('counts each organization on its own', async () => {
    const one = await growthOrg();
    const two = await growthOrg();
    expect((await one.client.post('/api/insights/refresh')).statusCode).toBe(200);
    expect((await two.client.post('/api/insights/refresh')).statusCode).toBe(200);
  });
});

describe('insights: the savings ledger', () => {
  it('sums identified, in progress, realized this fiscal year and all time, to the cent', async () => {
    // Fiscal year from April: on 2026-11-25 it began on 2026-04-01.
    const { orgId, client, owner } = await growthOrg(4);
    const eng = await buildSubscription(db(), orgId, { name: 'Eng app', department: 'Engineering' });
    const sales = await buildSubscription(db(), orgId, { name: 'Sales app', department: 'Sales' });
    const open1 = await buildOpportunity(db(), orgId, {
      title: 'Open 1',
      savingMinor: 12_345,
      claims: [
        { kind: 'seat', applicationId: eng.id, unit: 'p:1', annualMinor: 12_344 },
        { kind: 'seat', applicationId: eng.id, unit: 'p:2', annualMinor: 1 },
      ],
      applicationIds: [eng.id, sales.id],
    });
    const open2 = await buildOpportunity(db(), orgId, {
      title: 'Open 2',
      type: 'price_increase',
      state: 'in_progress',
      savingMinor: 10_001,
      countedMinor: 10_001,
      ownerUserId: owner.id,
      applicationIds: [sales.id],
    });
    const open3 = await buildOpportunity(db(), orgId, {
      title: 'No price',
      type: 'shadow_it',
      state: 'reviewing',
      savingMinor: null,
    });
    // Overlaps Open 1 on one seat: only its own 1 counts.
    await buildOpportunity(db(), orgId, {
      title: 'Overlap',
      savingMinor: 5_000,
      claims: [
        { kind: 'seat', applicationId: eng.id, unit: 'p:1', annualMinor: 4_999 },
        { kind: 'charge', unit: 'overlap', annualMinor: 1 },
      ],
    });
    await buildOpportunity(db(), orgId, { title: 'Dismissed', state: 'dismissed', savingMinor: 99_999 });
    await buildOpportunity(db(), orgId, { title: 'Snoozed', savingMinor: 4_444, snoozedUntil: '2026-12-24' });
    await buildOpportunity(db(), orgId, { title: 'Gone', detected: false, savingMinor: 3_333 });
    const realized = (title: string, realizedMinor: number, iso: string, extra = {}) =>
      buildOpportunity(db(), orgId, {
        title,
        state: 'realized',
        savingMinor: realizedMinor,
        countedMinor: 0,
        realizedMinor,
        realizedSource: 'manual',
        realizedAt: new Date(iso),
        ...extra,
      });
    await realized('Start of the year', 20_000, '2026-04-01T00:00:00Z', { applicationIds: [eng.id] });
    await realized('End of last year', 30_050, '2026-03-31T23:59:59Z', { ownerUserId: owner.id });
    await realized('Long ago', 777, '2025-11-30T12:00:00Z', { type: 'price_increase' });
    await realized('This month', 1_001, '2026-11-02T00:00:00Z', { type: 'zombie_spend' });

    const response = await client.get('/api/insights/summary');
    expect(response.statusCode).toBe(200);
    const s = response.json();
    expect(s).toMatchObject({
      currency: 'USD',
      fiscalYearStart: '2026-04-01',
      identifiedMinor: 12_345 + 10_001 + 0 + 1,
      inProgressMinor: 10_001,
      realizedFiscalYearMinor: 20_000 + 1_001,
      realizedAllTimeMinor: 20_000 + 30_050 + 777 + 1_001,
      openCount: 4,
      generatedAt: null,
    });
    expect(s.topActions.map((t: { id: string }) => t.id)).toEqual([open1.id, open2.id, expect.any(String)]);
    expect(s.topActions[2].title).toBe('Overlap');
    expect(s.topActions.map((t: { id: string }) => t.id)).not.toContain(open3.id);

    expect(s.realizedByMonth).toHaveLength(12);
    expect(s.realizedByMonth[0]).toEqual({ month: '2025-12', realizedMinor: 0 });
    expect(s.realizedByMonth[11]).toEqual({ month: '2026-11', realizedMinor: 1_001 });
    const byMonth = Object.fromEntries(
      s.realizedByMonth.map((m: { month: string; realizedMinor: number }) => [m.month, m.realizedMinor]),
    );
    expect(byMonth['2026-03']).toBe(30_050);
    expect(byMonth['2026-04']).toBe(20_000);
    expect(Object.values(byMonth).reduce((a, b) => (a as number) + (b as number), 0)).toBe(
      30_050 + 20_000 + 1_001,
    );

    const zero = {
      identifiedMinor: 0,
      inProgressMinor: 0,
      realizedFiscalYearMinor: 0,
      realizedAllTimeMinor: 0,
    };
    expect(s.byType).toEqual([
      {
        type: 'inactive_licenses',
        count: 2,
        ...zero,
        identifiedMinor: 12_345 + 1,
        realizedFiscalYearMinor: 20_000,
        realizedAllTimeMinor: 20_000 + 30_050,
      },
      {
        type: 'price_increase',
        count: 1,
        ...zero,
        identifiedMinor: 10_001,
        inProgressMinor: 10_001,
        realizedAllTimeMinor: 777,
      },
      { type: 'shadow_it', count: 1, ...zero },
      {
        type: 'zombie_spend',
        count: 0,
        ...zero,
        realizedFiscalYearMinor: 1_001,
        realizedAllTimeMinor: 1_001,
      },
    ]);
    expect(s.byOwner).toEqual([
      {
        owner: { id: owner.id, name: 'Ada Lovelace' },
        count: 1,
        ...zero,
        identifiedMinor: 10_001,
        inProgressMinor: 10_001,
        realizedAllTimeMinor: 30_050,
      },
      {
        owner: null,
        count: 3,
        ...zero,
        identifiedMinor: 12_345 + 1,
        realizedFiscalYearMinor: 20_000 + 1_001,
        realizedAllTimeMinor: 20_000 + 777 + 1_001,
      },
    ]);
    expect(s.byDepartment).toEqual([
      {
        department: 'Engineering',
        count: 1,
        ...zero,
        identifiedMinor: 12_345,
        realizedFiscalYearMinor: 20_000,
        realizedAllTimeMinor: 20_000,
      },
      { department: 'Sales', count: 1, ...zero, identifiedMinor: 10_001, inProgressMinor: 10_001 },
      {
        department: null,
        count: 2,
        ...zero,
        identifiedMinor: 1,
        realizedFiscalYearMinor: 1_001,
        realizedAllTimeMinor: 30_050 + 777 + 1_001,
      },
    ]);
  });

  it('lists low-confidence opportunities after surer ones among the top actions', async () => {
    const { orgId, client } = await growthOrg();
    const unsure = await buildOpportunity(db(), orgId, {
      title: 'Unsure',
      savingMinor: 900_000,
      confidence: 'low',
    });
    const sure = await buildOpportunity(db(), orgId, { title: 'Sure', savingMinor: 1_000 });
    const s = (await client.get('/api/insights/summary')).json();
    expect(s.topActions.map((t: { id: string }) => t.id)).toEqual([sure.id, unsure.id]);
    expect(s.identifiedMinor).toBe(901_000);
  });

  it('moves the fiscal year with the calendar', async () => {
    const { orgId, client } = await growthOrg(4);
    await buildOpportunity(db(), orgId, {
      state: 'realized',
      realizedMinor: 5_000,
      realizedSource: 'manual',
      realizedAt: new Date('2026-03-31T23:59:59Z'),
    });
    const inMarch = await at('2026-03-31T20:00:00Z', () => client.get('/api/insights/summary'));
    expect(inMarch.json()).toMatchObject({ fiscalYearStart: '2025-04-01', realizedFiscalYearMinor: 5_000 });
    const inApril = await at('2026-04-01T00:00:00Z', () => client.get('/api/insights/summary'));
    expect(inApril.json()).toMatchObject({ fiscalYearStart: '2026-04-01', realizedFiscalYearMinor: 0 });
    expect(inApril.json().realizedAllTimeMinor).toBe(5_000);
  });

  it('sees the ledger move when an opportunity is realized by hand', async () => {
    const { orgId, client } = await growthOrg();
    const { id } = await buildOpportunity(db(), orgId, { savingMinor: 10_000, countedMinor: 10_000 });
    expect((await client.get('/api/insights/summary')).json()).toMatchObject({
      identifiedMinor: 10_000,
      realizedAllTimeMinor: 0,
    });
    await client.patch(`/api/insights/${id}`, { state: 'realized', realizedMinor: 9_999 });
    expect((await client.get('/api/insights/summary')).json()).toMatchObject({
      identifiedMinor: 0,
      realizedFiscalYearMinor: 9_999,
      realizedAllTimeMinor: 9_999,
      openCount: 0,
    });
  });
});

describe('insights: settings', () => {
  it('reads the defaults, saves a change, and refuses bad input with the field names', async () => {
    const { orgId, client } = await growthOrg();
    const other = await growthOrg();
    const app = await buildSubscription(db(), orgId);
    const foreignApp = await buildSubscription(db(), other.orgId);
    const defaults = (await client.get('/api/insights/settings')).json();
    expect(defaults).toEqual({
      // Idle = not active in the organization's one activity window (Licenses: 30 days by default).
      inactiveDays: 30,
      priceIncreasePct: 7,
      renewalLookaheadDays: 90,
      seatBufferPct: 10,
      recentlyProvisionedDays: 30,
      exemptApplicationIds: [],
      highValueMinor: 100_000,
    });

    const saved = await client.patch('/api/insights/settings', {
      inactiveDays: 90,
      exemptApplicationIds: [app.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...defaults, inactiveDays: 90, exemptApplicationIds: [app.id] });
    expect((await client.get('/api/insights/settings')).json()).toEqual(saved.json());
    // It is the organization's activity window: the Licenses page says the same.
    expect((await client.get('/api/licenses/settings')).json()).toEqual({ inactivityDays: 90 });
    const odd = await client.patch('/api/insights/settings', { inactiveDays: 45 });
    expect(odd.statusCode).toBe(400);
    expect(fieldsOf(odd)).toEqual(['inactiveDays']);

    const bad = await client.patch('/api/insights/settings', { inactiveDays: 0, priceIncreasePct: 101 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['inactiveDays', 'priceIncreasePct']);
    const foreign = await client.patch('/api/insights/settings', { exemptApplicationIds: [foreignApp.id] });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['exemptApplicationIds']);
    expect((await client.get('/api/insights/settings')).json()).toEqual(saved.json());
    expect((await other.client.get('/api/insights/settings')).json()).toEqual(defaults);
  });
});

describe('insights: export', () => {
  async function pipeline() {
    const org = await growthOrg();
    const app = await buildSubscription(db(), org.orgId, { name: 'Zoom' });
    await buildOpportunity(db(), org.orgId, {
      title: '=Idle seats',
      savingMinor: 123_456,
      applicationIds: [app.id],
      ownerUserId: org.owner.id,
      dueDate: '2026-12-31',
      state: 'in_progress',
    });
    await buildOpportunity(db(), org.orgId, {
      title: 'Cheaper plan',
      type: 'tier_right_sizing',
      confidence: 'medium',
      savingMinor: 5_000,
      state: 'realized',
      realizedMinor: 4_500,
      realizedSource: 'manual',
      realizedAt: new Date('2026-10-15T09:00:00Z'),
    });
    await buildOpportunity(db(), org.orgId, {
      title: 'No price',
      type: 'shadow_it',
      savingMinor: null,
      state: 'dismissed',
      dismissReason: 'business_need',
    });
    return org;
  }

  const HEADER =
    'Type,Title,Applications,Yearly saving,Counted saving,Currency,Confidence,State,Dismiss reason,Owner,Due date,Realized saving,Realized on';

  it('downloads every opportunity as CSV', async () => {
    const { client } = await pipeline();
    const response = await client.get('/api/insights/export?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="savings-pipeline-${TODAY}.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      HEADER,
      "Inactive licenses,'=Idle seats,Zoom,1234.56,1234.56,USD,high,In progress,,Ada Lovelace,2026-12-31,,",
      // Realized: it no longer counts in the open headline.
      'Tier right-sizing,Cheaper plan,,50.00,0.00,USD,medium,Realized,,,,45.00,2026-10-15',
      'Shadow IT,No price,,,0.00,USD,high,Dismissed,Business need,,,,',
    ]);
    expect((await client.get('/api/insights/export')).body).toBe(response.body);
  });

  it('downloads a readable workbook', async () => {
    const { client } = await pipeline();
    const response = await client.get('/api/insights/export?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="savings-pipeline-${TODAY}.xlsx"`,
    );
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.getWorksheet('Savings pipeline')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1).join(',')).toBe(HEADER);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getCell('B2').value).toBe("'=Idle seats");
    expect(sheet.getCell('D2').value).toBe(1234.56);
    expect(sheet.getCell('J2').value).toBe('Ada Lovelace');
    expect(sheet.getCell('L3').value).toBe(45);
    expect((sheet.getCell('M3').value as Date).toISOString()).toBe('2026-10-15T00:00:00.000Z');
  });

  it('refuses an unknown format', async () => {
    const { client } = await growthOrg();
    const response = await client.get('/api/insights/export?format=pdf');
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['format']);
  });
});
