import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-10T08:00:00Z');
const server = useTestServer({ clock });

const text = (value: VEvent['summary'] | undefined) =>
  typeof value === 'string' ? value : (value?.val ?? '');
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

async function feed(url: string) {
  const { pathname, search } = new URL(url);
  return server.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

describe('renewals iCal feed', () => {
  it('serves an event per renewal and per cancel-by date that parses back with node-ical', async () => {
    const owner = await buildOrgOwner(server.app, { orgName: 'Acme; Inc, "EU"' });
    const db = server.database.db;
    const tricky = await buildSubscription(db, owner.orgId, {
      name: 'Notion, Inc; Team\\Plan — Ünïcødé and a name long enough to need folding across lines',
      billingCycle: 'annual',
      amountMinor: 96_000,
      nextRenewalDate: '2026-04-15',
      noticePeriodDays: 30,
    });
    const plain = await buildSubscription(db, owner.orgId, {
      name: 'Zoom',
      nextRenewalDate: '2026-05-01',
      autoRenew: false,
    });
    await buildSubscription(db, owner.orgId, {
      name: 'Gone',
      status: 'cancelled',
      nextRenewalDate: '2026-04-01',
    });

    const client = api(server.app, owner.cookie);
    const { url, webcalUrl } = (await client.get('/api/renewals/ical-token')).json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/renewals\.ics\?token=[\w-]{32}$/);
    expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));
    expect((await client.get('/api/renewals/ical-token')).json().url).toBe(url); // stable

    const response = await feed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = response.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const parsed = ical.sync.parseICS(body);
    const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        `renewal-${tricky.id}-2026-04-15@localhost`,
        `cancel-by-${tricky.id}-2026-04-15@localhost`,
        `renewal-${plain.id}-2026-05-01@localhost`, // no notice period → no separate cancel-by event
      ].sort(),
    );
    const renewal = byUid.get(`renewal-${tricky.id}-2026-04-15@localhost`)!;
    expect(renewal.datetype).toBe('date');
    expect(dayOf(renewal.start)).toBe('2026-04-15');
    expect(text(renewal.summary)).toBe(`Auto-renewal: ${tricky.name} ($960.00/yr)`);
    expect(text(renewal.description)).toContain('Cancel by: Mar 16, 2026\nAnnual cost: $960.00');
    const cancelBy = byUid.get(`cancel-by-${tricky.id}-2026-04-15@localhost`)!;
    expect(dayOf(cancelBy.start)).toBe('2026-03-16');
    expect(text(cancelBy.summary)).toBe(`Cancel-by date: ${tricky.name} (renews Apr 15, 2026)`);
    expect(text(byUid.get(`renewal-${plain.id}-2026-05-01@localhost`)!.summary)).toMatch(/^Renewal: Zoom/);
    expect(renewal.end && dayOf(renewal.end)).toBe('2026-04-16'); // exclusive end: one whole day
    expect(renewal.dtstamp?.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(renewal.categories).toEqual(['Renewal']);
    expect(renewal.transparency).toBe('TRANSPARENT');
    expect(body).toContain('\r\nURL;VALUE=URI:http://localhost:3000/app/renewals\r\n');
    const calendar = Object.values(parsed).find((c) => c?.type === 'VCALENDAR');
    expect(calendar).toMatchObject({ prodid: '-//Stackwise//Renewals//EN', method: 'PUBLISH' });
    expect(body).toContain('\r\nX-WR-CALNAME:Acme\\; Inc\\, "EU" renewals (Stackwise)\r\n');
    expect(body).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n');
    expect(body.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(body.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('keeps UIDs stable across fetches and refuses unknown or regenerated tokens', async () => {
    const owner = await buildOrgOwner(server.app);
    await buildSubscription(server.database.db, owner.orgId, {
      nextRenewalDate: '2026-04-15',
      noticePeriodDays: 10,
    });
    const client = api(server.app, owner.cookie);
    const { url } = (await client.get('/api/renewals/ical-token')).json();
    const uids = (body: string) => [...body.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]).sort();
    clock.advance(3600_000);
    expect(uids((await feed(url)).body)).toEqual(uids((await feed(url)).body));

    const regenerated = await client.post('/api/renewals/ical-token');
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().url).not.toBe(url);
    expect((await feed(url)).statusCode).toBe(404);
    expect((await feed(regenerated.json().url)).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/renewals.ics?token=not-a-real-token-at-all' }))
        .statusCode,
    ).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/renewals.ics' })).statusCode).toBe(400);
  });

  it('lets only owners and admins regenerate the secret; every member can see the URL', async () => {
    const owner = await buildOrgOwner(server.app);
    for (const role of ['member', 'viewer'] as const) {
      const user = api(
        server.app,
        (await addMember(server.app, server.database.db, owner.orgId, role)).cookie,
      );
      expect((await user.get('/api/renewals/ical-token')).statusCode).toBe(200);
      expect((await user.post('/api/renewals/ical-token')).statusCode).toBe(403);
    }
    const admin = api(
      server.app,
      (await addMember(server.app, server.database.db, owner.orgId, 'admin')).cookie,
    );
    expect((await admin.post('/api/renewals/ical-token')).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/renewals/ical-token' })).statusCode).toBe(
      401,
    );
  });
});
