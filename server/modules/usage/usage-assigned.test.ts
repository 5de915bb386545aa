// An activity export with the seats' assignment dates (issue 32): the file's dates replace the ones
// recorded (often only the day the seat was entered); a date in the future or an activity before the
// assignment is an error naming the row and column, and then nothing is recorded.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseAssignments } from '../../db/schema';
import { api } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, db, build, ownerOnPlan } = useTestServerAt('2026-03-31T12:00:00Z');

async function setup() {
  const owner = await ownerOnPlan('pro');
  const slack = await build.subscription(owner.orgId, { name: 'Slack' });
  const pool = await build.pool(owner.orgId, slack.id);
  const seats = [];
  for (const email of ['ada@example.com', 'bob@example.com', 'cy@example.com']) {
    const person = await build.person(owner.orgId, { email });
    seats.push(await build.assignment(owner.orgId, pool.id, person.id, { assignedAt: clock.now() }));
  }
  return { seats, client: api(server.app, owner.cookie) };
}

const seat = async (id: string) =>
  (await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, id)))[0];

describe('usage import with assignment dates', () => {
  it('recognises the column, records each seat’s real assignment date with its activity', async () => {
    const { seats, client } = await setup();
    const csv = [
      'Email,Application,Last active,Date added',
      'ada@example.com,Slack,2026-01-10,2025-03-01',
      'bob@example.com,Slack,Never,2024-11-15',
      'cy@example.com,Slack,2026-03-30,',
    ].join('\n');
    const response = await client.post('/api/usage/import', { csv });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.mapping.assigned).toBe('Date added');
    expect(result.rows.map((r: { status: string }) => r.status)).toEqual(['updated', 'updated', 'updated']);
    expect(await seat(seats[0].id)).toMatchObject({
      assignedAt: new Date('2025-03-01T00:00:00Z'),
      lastActiveAt: new Date('2026-01-10T00:00:00Z'),
    });
    expect(await seat(seats[1].id)).toMatchObject({
      assignedAt: new Date('2024-11-15T00:00:00Z'),
      lastActiveAt: null,
    });
    // No date in the file: the recorded one stays.
    expect(await seat(seats[2].id)).toMatchObject({ assignedAt: clock.now() });
  });

  it('reports a future assignment or an activity before it by row and column, and records nothing', async () => {
    const { seats, client } = await setup();
    const csv = [
      'Email,Application,Last active,Assigned',
      'ada@example.com,Slack,2026-01-10,2025-03-01',
      'bob@example.com,Slack,2026-02-01,2026-06-01',
      'cy@example.com,Slack,2025-12-31,2026-01-05',
      'cy@example.com,Slack,2026-03-01,soon',
    ].join('\n');
    const response = await client.post('/api/usage/import', { csv });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as Array<{ line: number; field: string }>;
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'assigned'],
      [4, 'lastSeen'],
      [5, 'assigned'],
    ]);
    for (const s of seats)
      expect(await seat(s.id)).toMatchObject({ assignedAt: clock.now(), lastActiveAt: null });
  });
});
