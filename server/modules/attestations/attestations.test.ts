import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseAssignments } from '../../db/schema';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildersFor } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { getTestServer, type TestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-31T12:00:00Z');
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await getTestServer({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const db = () => server.database.db;
const build = buildersFor(db);
const seat = async (id: string) =>
  (await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, id)))[0];

async function setup(tag: string) {
  const owner = await buildOrgOwner(server.app, { orgName: `Acme ${tag}` });
  await build.plan(owner.orgId, 'pro');
  const figma = await build.subscription(owner.orgId, { name: 'Figma' });
  const pool = await build.pool(owner.orgId, figma.id, { tierName: 'Full seat' });
  const ada = await build.person(owner.orgId, { email: `ada-${tag}@example.com`, firstName: 'Ada' });
  const bob = await build.person(owner.orgId, { email: `bob-${tag}@example.com`, firstName: 'Bob' });
  const gone = await build.person(owner.orgId, {
    email: `gone-${tag}@example.com`,
    status: 'offboarded',
  });
  const adaSeat = await build.assignment(owner.orgId, pool.id, ada.id);
  const bobSeat = await build.assignment(owner.orgId, pool.id, bob.id);
  await build.assignment(owner.orgId, pool.id, gone.id);
  return {
    owner,
    orgId: owner.orgId,
    figma,
    pool,
    ada,
    bob,
    adaSeat,
    bobSeat,
    client: api(server.app, owner.cookie),
  };
}

/** The path of the keep or release link in an e-mail (links are absolute, on APP_URL). */
function link(mail: ParsedMail, answer: 'keep' | 'release'): string {
  const match = new RegExp(
    `(http://localhost:3000/api/attestations/respond\\?token=[^\\s&]+&answer=${answer})`,
  ).exec(mail.text ?? '');
  if (!match) throw new Error(`No ${answer} link in ${mail.text}`);
  return match[1].replace('http://localhost:3000', '');
}

const click = (path: string, method: 'GET' | 'HEAD' = 'GET') => server.app.inject({ method, url: path });
const resultOf = (response: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
};

async function mailsFor(to: string, count: number) {
  await smtp.waitFor(to);
  const all = smtp.received.filter((m) => JSON.stringify(m.to).includes(to));
  expect(all.length).toBeGreaterThanOrEqual(count);
  return all;
}

describe('usage attestation', () => {
  it('e-mails every active seat holder two one-click links through SMTP; keep records activity, once', async () => {
    const { client, figma, ada, adaSeat } = await setup('keep');
    const sent = await client.post('/api/attestations', { subscriptionId: figma.id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ sent: 2, expiresAt: '2026-04-14T12:00:00.000Z' });
    expect(
      sent
        .json()
        .recipients.map((r: { email: string }) => r.email)
        .sort(),
    ).toEqual(['ada-keep@example.com', 'bob-keep@example.com']);
    const [mail] = await mailsFor(ada.email, 1);
    expect(mail.subject).toBe('Do you still need Figma?');
    expect(mail.text).toContain('Acme keep is reviewing who uses Figma. You hold a Full seat seat.');
    expect(mail.html).toContain('No, release my seat');
    expect(smtp.received.some((m) => JSON.stringify(m.to).includes('gone-keep'))).toBe(false);

    // A mail scanner's HEAD probe does not spend the link.
    expect((await click(link(mail, 'keep'), 'HEAD')).statusCode).toBe(404);
    clock.advance(DAY_MS);
    expect(resultOf(await click(link(mail, 'keep')))).toBe('/attest/done?result=kept');
    expect(await seat(adaSeat.id)).toMatchObject({
      lastActiveAt: clock.now(),
      source: 'attestation',
      unassignedAt: null,
    });
    // The same link, or its twin, works once.
    expect(resultOf(await click(link(mail, 'keep')))).toBe('/attest/done?result=used');
    expect(resultOf(await click(link(mail, 'release')))).toBe('/attest/done?result=used');
    expect((await seat(adaSeat.id)).unassignedAt).toBeNull();
    clock.set('2026-03-31T12:00:00Z');
  });

  it('release gives the seat back; expired links are refused and change nothing', async () => {
    const { client, figma, bob, bobSeat, pool } = await setup('release');
    await client.post('/api/attestations', { subscriptionId: figma.id, poolId: pool.id });
    const [first] = await mailsFor(bob.email, 1);
    clock.advance(14 * DAY_MS);
    expect(resultOf(await click(link(first, 'release')))).toBe('/attest/done?result=expired');
    expect((await seat(bobSeat.id)).unassignedAt).toBeNull();

    await client.post('/api/attestations', { subscriptionId: figma.id });
    const mails = await mailsFor(bob.email, 2);
    expect(resultOf(await click(link(mails[1], 'release')))).toBe('/attest/done?result=released');
    expect(await seat(bobSeat.id)).toMatchObject({
      unassignReason: 'attestation',
      unassignedAt: clock.now(),
    });
    const list = (await client.get(`/api/attestations?subscriptionId=${figma.id}`)).json();
    expect(list.map((a: { status: string }) => a.status).sort()).toEqual([
      'expired',
      'expired',
      'pending',
      'released',
    ]);
    clock.set('2026-03-31T12:00:00Z');
  });

  it("rejects another organization's token, tampered tokens and malformed links", async () => {
    const a = await setup('org-a');
    const b = await setup('org-b');
    await b.client.post('/api/attestations', { subscriptionId: b.figma.id });
    const [mail] = await mailsFor(b.ada.email, 1);
    const path = link(mail, 'release');
    const token = decodeURIComponent(new URL(`http://x${path}`).searchParams.get('token')!);
    const secret = token.slice(token.indexOf('.') + 1);
    // B's secret presented as organization A's token: not found in A, rejected.
    const forged = `/api/attestations/respond?token=${encodeURIComponent(`${a.orgId}.${secret}`)}&answer=release`;
    expect(resultOf(await click(forged))).toBe('/attest/done?result=invalid');
    const tampered = path.replace(secret.slice(0, 6), secret.startsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
    expect(resultOf(await click(tampered))).toBe('/attest/done?result=invalid');
    expect(resultOf(await click('/api/attestations/respond?token=garbage&answer=keep'))).toBe(
      '/attest/done?result=invalid',
    );
    expect(resultOf(await click(path.replace('answer=release', 'answer=maybe')))).toBe(
      '/attest/done?result=invalid',
    );
    expect(resultOf(await click('/api/attestations/respond'))).toBe('/attest/done?result=invalid');
    expect((await seat(b.adaSeat.id)).unassignedAt).toBeNull();
    expect((await seat(a.adaSeat.id)).unassignedAt).toBeNull();
    // The genuine link still works in its own organization.
    expect(resultOf(await click(path))).toBe('/attest/done?result=released');
  });

  it('guards sending: 404 for another tenant, 400 without holders, viewers refused, Starter refused', async () => {
    const a = await setup('guard-a');
    const b = await setup('guard-b');
    expect((await a.client.post('/api/attestations', { subscriptionId: b.figma.id })).statusCode).toBe(404);
    expect(
      (await a.client.post('/api/attestations', { subscriptionId: a.figma.id, poolId: b.pool.id }))
        .statusCode,
    ).toBe(404);
    expect((await a.client.get(`/api/attestations?subscriptionId=${b.figma.id}`)).statusCode).toBe(404);
    const empty = await build.subscription(a.orgId, { name: 'Empty' });
    const none = await a.client.post('/api/attestations', { subscriptionId: empty.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No active person holds a seat of Empty.');
    const viewer = api(server.app, (await build.member(a.orgId, 'viewer')).cookie);
    expect((await viewer.post('/api/attestations', { subscriptionId: a.figma.id })).statusCode).toBe(403);
    await build.plan(a.orgId, 'starter');
    const starter = await a.client.post('/api/attestations', { subscriptionId: a.figma.id });
    expect(starter.json()).toMatchObject({ code: 'plan_required' });
  });
});
