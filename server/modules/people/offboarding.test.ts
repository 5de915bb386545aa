import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseAssignments, notifications, outbox, people } from '../../db/schema';
import { JSON_HEADERS, api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { server, db, build } = useTestServerAt('2026-03-31T12:00:00Z');

async function personWithSeats() {
  const owner = await buildOrgOwner(server.app);
  const orgId = owner.orgId;
  const appOwner = await build.member(orgId, 'member');
  const slack = await build.subscription(orgId, { name: 'Slack', ownerUserId: appOwner.id });
  const figma = await build.subscription(orgId, { name: 'Figma' });
  const slackPro = await build.pool(orgId, slack.id, { tierName: 'Pro', unitPriceMinor: 875 });
  const slackGuest = await build.pool(orgId, slack.id, { tierName: 'Guest', unitPriceMinor: 100 });
  const figmaFull = await build.pool(orgId, figma.id, {
    tierName: 'Full',
    unitPriceMinor: 45_000,
    billingCycle: 'annual',
  });
  const leaver = await build.person(orgId, {
    firstName: 'Lea',
    lastName: 'Ver',
    email: 'lea@example.com',
  });
  for (const pool of [slackPro, slackGuest, figmaFull]) await build.assignment(orgId, pool.id, leaver.id);
  await build.assignment(orgId, slackPro.id, (await build.person(orgId)).id);
  return { owner, orgId, appOwner, leaver, slack, client: api(server.app, owner.cookie) };
}

const orgNotifications = (orgId: string) =>
  db().select().from(notifications).where(eq(notifications.organizationId, orgId));

describe('offboarding', () => {
  it("previews a person's seats with yearly cost and owners", async () => {
    const { client, leaver, appOwner } = await personWithSeats();
    const preview = (await client.get(`/api/people/${leaver.id}/offboarding`)).json();
    expect(preview.person.id).toBe(leaver.id);
    expect(
      preview.assignments.map(
        (a: { subscriptionName: string; tierName: string }) => `${a.subscriptionName} ${a.tierName}`,
      ),
    ).toEqual(['Figma Full', 'Slack Guest', 'Slack Pro']);
    expect(preview.assignments[2]).toMatchObject({
      yearlyCostMinor: 10_500,
      ownerUserId: appOwner.id,
      ownerName: 'Test member',
    });
    expect(preview.assignments[0]).toMatchObject({
      yearlyCostMinor: 45_000,
      ownerUserId: null,
      ownerName: null,
    });
    expect(preview.yearlyCosts).toEqual([{ currency: 'USD', amountMinor: 45_000 + 1_200 + 10_500 }]);
  });

  it('unassigns every seat in one action, notifies each application once and e-mails the owner', async () => {
    const { client, orgId, leaver, appOwner, slack } = await personWithSeats();
    const result = await client.post(`/api/people/${leaver.id}/offboard`, {});
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({
      person: { status: 'offboarded', endDate: '2026-03-31', licenses: [] },
      unassigned: 3,
      yearlyCostsFreed: [{ currency: 'USD', amountMinor: 56_700 }],
      notifiedOwners: 1,
    });
    const open = await db()
      .select()
      .from(licenseAssignments)
      .where(and(eq(licenseAssignments.personId, leaver.id), isNull(licenseAssignments.unassignedAt)));
    expect(open).toHaveLength(0);
    const closed = await db()
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.personId, leaver.id));
    expect(closed.map((c) => c.unassignReason)).toEqual(['offboarding', 'offboarding', 'offboarding']);

    const notes = await orgNotifications(orgId);
    expect(notes.map((n) => n.title).sort()).toEqual([
      'Lea Ver was offboarded: Figma seat freed',
      'Lea Ver was offboarded: Slack seat freed',
    ]);
    expect(notes.find((n) => n.subscriptionId === slack.id)?.message).toContain(
      'Guest, Pro seats ($117.00 a year)',
    );
    const mails = await db().select().from(outbox).where(eq(outbox.to, appOwner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Lea Ver was offboarded: a Slack seat is free');
    expect(mails[0].text).toContain('http://localhost:3000/app/licenses');

    // Again: nothing left to unassign, nobody told twice.
    const again = (await client.post(`/api/people/${leaver.id}/offboard`, {})).json();
    expect(again).toMatchObject({ unassigned: 0, notifiedOwners: 0 });
    expect(await orgNotifications(orgId)).toHaveLength(2);
  });

  it('takes an end date, accepts a request without a body, and reactivates', async () => {
    const { client, owner, leaver, orgId } = await personWithSeats();
    const dated = await client.post(`/api/people/${leaver.id}/offboard`, { endDate: '2026-03-15' });
    expect(dated.json().person.endDate).toBe('2026-03-15');
    expect((await client.post(`/api/people/${leaver.id}/offboard`, { endDate: 'soon' })).statusCode).toBe(
      400,
    );
    const other = await build.person(orgId);
    const bare = await server.app.inject({
      method: 'POST',
      url: `/api/people/${other.id}/offboard`,
      headers: { ...JSON_HEADERS, cookie: owner.cookie },
    });
    expect(bare.statusCode).toBe(200);
    const back = await client.post(`/api/people/${leaver.id}/reactivate`);
    expect(back.json()).toMatchObject({ status: 'active', endDate: null, licenses: [] });
  });

  it('does not e-mail an owner who has left the organization', async () => {
    const owner = await buildOrgOwner(server.app);
    const outsider = await build.member((await buildOrgOwner(server.app)).orgId, 'member');
    const app = await build.subscription(owner.orgId, { ownerUserId: outsider.id });
    const pool = await build.pool(owner.orgId, app.id);
    const p = await build.person(owner.orgId);
    await build.assignment(owner.orgId, pool.id, p.id);
    const result = (await api(server.app, owner.cookie).post(`/api/people/${p.id}/offboard`, {})).json();
    expect(result).toMatchObject({ unassigned: 1, notifiedOwners: 0 });
    expect(await db().select().from(outbox).where(eq(outbox.to, outsider.email))).toHaveLength(0);
    expect(await orgNotifications(owner.orgId)).toHaveLength(1);
  });

  it('confirms several offboarding candidates at once', async () => {
    const { client, orgId, leaver } = await personWithSeats();
    const other = await build.person(orgId);
    const result = await client.post('/api/people/offboard-candidates/confirm', {
      personIds: [leaver.id, other.id],
    });
    expect(result.json()).toEqual({ offboarded: 2, unassigned: 3 });
    const rows = await db().select().from(people).where(eq(people.organizationId, orgId));
    expect(
      rows
        .filter((r) => r.status === 'offboarded')
        .map((r) => r.id)
        .sort(),
    ).toEqual([leaver.id, other.id].sort());
    expect((await client.post('/api/people/offboard-candidates/confirm', { personIds: [] })).statusCode).toBe(
      400,
    );
  });
});
