import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditEvents, inboundMessages } from '../../db/schema';
import { addMemberWithSession, api } from '../../test/factories';
import { getTestServer, useTestServer } from '../../test/test-server';
import { sweepReceivedMessages } from './inbound.job';
import { orgWithAddress } from './inbound.test-helpers';
import { processInboundMessage } from './process';

vi.mock('./process', () => ({ processInboundMessage: vi.fn(async () => undefined) }));

const server = useTestServer();

/** A stored message row, as the intake and processing leave it. */
async function insertMessage(orgId: string, values: Partial<typeof inboundMessages.$inferInsert> = {}) {
  const [row] = await server.database.db
    .insert(inboundMessages)
    .values({
      organizationId: orgId,
      transport: 'smtp',
      rawKey: `${orgId}/inbound/x.eml`,
      rawSize: 10,
      rawSha256: 'x',
      fromAddress: 'billing@vendor.example',
      subject: 'Invoice',
      ...values,
    })
    .returning();
  return row;
}

describe('GET /api/invoice-forwarding', () => {
  it('gives every organization its own stable address on INBOUND_DOMAIN', async () => {
    const org = await orgWithAddress(server);
    expect(org.address).toMatch(/^invoices\+[0-9a-f]{24}@inbound\.localhost$/);
    const again = await api(server.app, org.cookie).get('/api/invoice-forwarding');
    expect(again.json()).toMatchObject({
      address: org.address,
      domain: 'inbound.localhost',
      allowedSenders: [],
      pendingConfirmation: null,
      setup: { receivedAny: false, lastReceivedAt: null, importedCount: 0, needsReviewCount: 0 },
      recentMessages: [],
    });
    const other = await orgWithAddress(server);
    expect(other.address).not.toBe(org.address);
  });

  it('says plainly that mail cannot arrive until a receiver is on and the domain is a real one', async () => {
    const org = await orgWithAddress(server);
    const status = async (env?: Record<string, string>) => {
      const other = env ? await getTestServer({ env, database: server.database }) : server;
      try {
        const res = await api(other.app, org.cookie).get('/api/invoice-forwarding');
        expect(res.statusCode).toBe(200);
        return res.json().setup.cannotReceive as string | null;
      } finally {
        if (other !== server) await other.close();
      }
    };
    // Out of the box: no receiver, and an inbound.localhost domain.
    expect(await status()).toBe(
      'Mail cannot arrive at this address yet: no receiver is on: set INBOUND_SMTP_PORT (the built-in SMTP receiver), or INBOUND_HTTP_SECRET or MAILGUN_WEBHOOK_SIGNING_KEY (a mail provider’s webhook); and the domain inbound.localhost exists only on this computer: set INBOUND_DOMAIN to a domain whose MX record points at this server or your mail provider.',
    );
    const webhookOnly = await status({ INBOUND_HTTP_SECRET: 'inbound-secret-0123456789' });
    expect(webhookOnly).toContain('the domain inbound.localhost exists only on this computer');
    expect(webhookOnly).not.toContain('no receiver');
    expect(await status({ INBOUND_SMTP_PORT: '2525', INBOUND_DOMAIN: 'in.example.com' })).toBeNull();
    expect(
      await status({ INBOUND_HTTP_SECRET: 'inbound-secret-0123456789', INBOUND_DOMAIN: 'in.example.com' }),
    ).toBeNull();
  });

  it('reports setup counts, the last five messages and a pending forwarding confirmation', async () => {
    const org = await orgWithAddress(server);
    const base = Date.parse('2026-11-01T10:00:00Z');
    for (let i = 0; i < 6; i += 1) {
      await insertMessage(org.orgId, {
        state: i < 2 ? 'imported' : 'needs_review',
        subject: `Invoice ${i}`,
        receivedAt: new Date(base + i * 60_000),
      });
    }
    await insertMessage(org.orgId, {
      state: 'needs_review',
      kind: 'forwarding_confirmation',
      fromAddress: 'forwarding-noreply@google.com',
      subject: 'Gmail Forwarding Confirmation',
      receivedAt: new Date(base + 10 * 60_000),
      confirmation: { provider: 'gmail', link: 'https://mail.google.com/mail/vf-abc', code: '123456789' },
    });
    const viewer = await addMemberWithSession(server.database.db, org.orgId, 'viewer');
    const body = (await api(server.app, viewer.cookie).get('/api/invoice-forwarding')).json();
    expect(body.setup).toEqual({
      receivedAny: true,
      lastReceivedAt: '2026-11-01T10:10:00.000Z',
      importedCount: 2,
      needsReviewCount: 5,
      cannotReceive: expect.any(String),
    });
    expect(body.recentMessages.map((m: { subject: string }) => m.subject)).toEqual([
      'Gmail Forwarding Confirmation',
      'Invoice 5',
      'Invoice 4',
      'Invoice 3',
      'Invoice 2',
    ]);
    expect(body.pendingConfirmation).toMatchObject({
      provider: 'gmail',
      from: 'forwarding-noreply@google.com',
      link: 'https://mail.google.com/mail/vf-abc',
      code: '123456789',
      receivedAt: '2026-11-01T10:10:00.000Z',
    });
    // A message arriving after it means forwarding works: the confirmation is no longer pending.
    await insertMessage(org.orgId, { receivedAt: new Date(base + 20 * 60_000) });
    const later = (await api(server.app, org.cookie).get('/api/invoice-forwarding')).json();
    expect(later.pendingConfirmation).toBeNull();
  });
});

describe('PATCH /api/invoice-forwarding and POST …/regenerate', () => {
  it('lets admins set the allow-list (normalised, audited); viewers and members may not', async () => {
    const org = await orgWithAddress(server);
    const db = server.database.db;
    const viewer = await addMemberWithSession(db, org.orgId, 'viewer');
    const member = await addMemberWithSession(db, org.orgId, 'member');
    const admin = await addMemberWithSession(db, org.orgId, 'admin');
    const list = { allowedSenders: ['Billing@Atlassian.com', '@stripe.com', '@stripe.com'] };
    expect((await api(server.app, viewer.cookie).patch('/api/invoice-forwarding', list)).statusCode).toBe(
      403,
    );
    expect((await api(server.app, member.cookie).patch('/api/invoice-forwarding', list)).statusCode).toBe(
      403,
    );
    const saved = await api(server.app, admin.cookie).patch('/api/invoice-forwarding', list);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().allowedSenders).toEqual(['billing@atlassian.com', '@stripe.com']);
    const bad = await api(server.app, admin.cookie).patch('/api/invoice-forwarding', {
      allowedSenders: ['nope'],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await api(server.app, viewer.cookie).get('/api/invoice-forwarding')).json().allowedSenders,
    ).toEqual(['billing@atlassian.com', '@stripe.com']);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, org.orgId), eq(auditEvents.action, 'invoice_forwarding.update')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0].changes).toEqual({
      allowedSenders: { from: [], to: ['billing@atlassian.com', '@stripe.com'] },
    });
  });

  it('regenerates the address for owners and admins only, audited without the token', async () => {
    const org = await orgWithAddress(server);
    const db = server.database.db;
    const member = await addMemberWithSession(db, org.orgId, 'member');
    expect((await api(server.app, member.cookie).post('/api/invoice-forwarding/regenerate')).statusCode).toBe(
      403,
    );
    const response = await api(server.app, org.cookie).post('/api/invoice-forwarding/regenerate');
    expect(response.statusCode).toBe(200);
    expect(response.json().address).not.toBe(org.address);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, org.orgId),
          eq(auditEvents.action, 'invoice_forwarding.regenerate'),
        ),
      );
    expect(audit.userId).toBe(org.id);
    expect(JSON.stringify(audit)).not.toContain(response.json().address.split('@')[0].split('+')[1]);
  });
});

describe('the sweep of messages left received', () => {
  it('queues again a message still received after 10 minutes (a crash between storing and queueing)', async () => {
    const org = await orgWithAddress(server);
    const now = server.app.deps.clock.now().getTime();
    const stale = await insertMessage(org.orgId, { receivedAt: new Date(now - 11 * 60_000) });
    const fresh = await insertMessage(org.orgId, { receivedAt: new Date(now - 60_000) });
    await insertMessage(org.orgId, { state: 'imported', receivedAt: new Date(now - 60 * 60_000) });
    const started = await insertMessage(org.orgId, { attempts: 1, receivedAt: new Date(now - 30 * 60_000) });
    vi.mocked(processInboundMessage).mockClear();
    expect(await sweepReceivedMessages(server.app.deps)).toBeGreaterThanOrEqual(1);
    await server.app.deps.queue.drain();
    const calls = vi.mocked(processInboundMessage).mock.calls.map(([, orgId, id]) => [orgId, id]);
    expect(calls).toContainEqual([org.orgId, stale.id]);
    expect(calls).not.toContainEqual([org.orgId, fresh.id]);
    expect(calls).not.toContainEqual([org.orgId, started.id]);
  });
});
