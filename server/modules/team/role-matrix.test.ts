import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../common/roles';
import { notifyOnce } from '../notifications';
import {
  type TestUser,
  addMemberWithSession,
  api,
  buildOrgOwner,
  buildSubscription,
  setPlan,
  storeReceivedMessage,
  uniqueEmail,
} from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { getTestServer, type TestServer } from '../../test/test-server';

// Every organization route × every role → the expected status. One organization on Scale (no seat
// limits); each mutating case makes its own target so cases do not depend on each other.

let server: TestServer;
let orgId: string;
let owner: TestUser;
const users = {} as Record<Role, TestUser>;

beforeAll(async () => {
  server = await getTestServer();
  const built = await buildOrgOwner(server.app, { orgName: 'Matrix Inc' });
  owner = built;
  orgId = built.orgId;
  await setPlan(server.app.deps.db, orgId, 'scale');
  users.owner = built;
  users.admin = await addMemberWithSession(server.app.deps.db, orgId, 'admin');
  users.member = await addMemberWithSession(server.app.deps.db, orgId, 'member');
  users.viewer = await addMemberWithSession(server.app.deps.db, orgId, 'viewer');
});
afterAll(() => server.close());

type Client = ReturnType<typeof api>;
interface Case {
  route: string;
  expected: Record<Role, number>;
  /** `cookie` for requests the JSON client cannot send (multipart uploads). */
  run(client: Client, cookie: string): Promise<{ statusCode: number }>;
}

const ALL_OK = { owner: 200, admin: 200, member: 200, viewer: 200 };
const MANAGERS = (ok: number) => ({ owner: ok, admin: ok, member: 403, viewer: 403 });
const OWNER_ONLY = (ok: number) => ({ owner: ok, admin: 403, member: 403, viewer: 403 });

const ownerApi = () => api(server.app, owner.cookie);
const freshInvitation = async () =>
  (await ownerApi().post('/api/organization/invitations', { email: uniqueEmail('target') })).json()
    .id as string;
const freshNotification = async () =>
  (await notifyOnce(server.app.deps.db, { organizationId: orgId, type: 'other', title: 'T', message: 'M' }))!
    .id;
/** A message the processing left for review (the queue is not needed: the state is set here). */
const freshInboundMessage = async () => {
  const row = await storeReceivedMessage(server.app.deps, orgId);
  await ownerApi().patch(`/api/invoice-forwarding/messages/${row.id}`, { action: 'ignore' });
  return row.id;
};
const fxRate = { date: '2026-03-02', base: 'EUR', quote: 'USD', rate: 1.1 };
const ecbUpload = (cookie: string) => {
  const part = multipartFile('eurofxref.csv', 'Date, USD, \n02 March 2026, 1.10, \n', 'text/csv');
  return server.app.inject({
    method: 'POST',
    url: '/api/fx-rates/import',
    headers: { ...part.headers, cookie },
    payload: part.payload,
  });
};
const freshFxRate = async () => {
  await ownerApi().post('/api/fx-rates', { rates: [fxRate] });
  return 'date=2026-03-02&base=EUR&quote=USD';
};
const freshMember = async () => (await addMemberWithSession(server.app.deps.db, orgId, 'member')).id;
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 10)}`;
const freshEntity = async () =>
  (await ownerApi().post('/api/entities', { name: uniqueName('Entity'), functionalCurrency: 'EUR' })).json()
    .id as string;
const freshBrand = async () =>
  (await ownerApi().post('/api/brands', { name: uniqueName('Brand') })).json().id as string;
const SCHEDULE = {
  reportKey: 'license-utilisation',
  name: 'Seats',
  frequency: 'monthly',
  dayOfMonth: 1,
  recipients: { emails: ['matrix@example.com'] },
};
const freshSchedule = async () =>
  (await ownerApi().post('/api/report-schedules', SCHEDULE)).json().id as string;
const freshApiKey = async () =>
  (await ownerApi().post('/api/api-keys', { name: 'Matrix', scopes: ['read'] })).json().id as string;
const freshApp = async () => (await buildSubscription(server.app.deps.db, orgId))!.id;
const defaults = async () => ({
  entityId: (await ownerApi().get('/api/entities')).json().items[0].id as string,
  brandId: (await ownerApi().get('/api/brands')).json().items[0].id as string,
});
// 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const uploadLogo = (cookie: string, brandId: string) => {
  const body = multipartFile('logo.png', PNG, 'image/png');
  return server.app.inject({
    method: 'PUT',
    url: `/api/brands/${brandId}/logo`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
};
const brandWithLogo = async () => {
  const id = await freshBrand();
  await uploadLogo(owner.cookie, id);
  return id;
};
/** PUT/DELETE allocations change data (members too); a viewer may not. */
const WRITERS = (ok: number) => ({ owner: ok, admin: ok, member: ok, viewer: 403 });

/** The organization's default brand (every organization has one). */
const brandId = async () =>
  (
    await server.app.deps.db.execute(
      sql`select id from brands where organization_id = ${orgId} and is_default`,
    )
  ).rows[0]!.id as string;

const cases: Case[] = [
  { route: 'GET /api/fx-rates', expected: ALL_OK, run: (c) => c.get('/api/fx-rates') },
  {
    route: 'POST /api/fx-rates',
    expected: MANAGERS(201),
    run: (c) => c.post('/api/fx-rates', { rates: [fxRate] }),
  },
  { route: 'POST /api/fx-rates/import', expected: MANAGERS(200), run: (_c, cookie) => ecbUpload(cookie) },
  {
    route: 'DELETE /api/fx-rates',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/fx-rates?${await freshFxRate()}`),
  },
  { route: 'GET /api/notifications', expected: ALL_OK, run: (c) => c.get('/api/notifications') },
  { route: 'GET /api/notifications/count', expected: ALL_OK, run: (c) => c.get('/api/notifications/count') },
  {
    route: 'GET /api/notifications/unread',
    expected: ALL_OK,
    run: (c) => c.get('/api/notifications/unread'),
  },
  {
    route: 'POST /api/notifications/:id/dismiss',
    expected: { owner: 204, admin: 204, member: 204, viewer: 403 },
    run: async (c) => c.post(`/api/notifications/${await freshNotification()}/dismiss`),
  },
  {
    route: 'POST /api/notifications/dismiss-all',
    expected: { owner: 204, admin: 204, member: 204, viewer: 403 },
    run: (c) => c.post('/api/notifications/dismiss-all'),
  },
  { route: 'GET /api/organization', expected: ALL_OK, run: (c) => c.get('/api/organization') },
  { route: 'GET /api/organizations', expected: ALL_OK, run: (c) => c.get('/api/organizations') },
  {
    route: 'POST /api/organizations/switch',
    expected: ALL_OK,
    run: (c) => c.post('/api/organizations/switch', { organizationId: orgId }),
  },
  {
    route: 'PATCH /api/organization (name)',
    expected: MANAGERS(200),
    run: (c) => c.patch('/api/organization', { name: 'Matrix Inc' }),
  },
  {
    route: 'PATCH /api/organization (autoRenewTrial: billing)',
    expected: OWNER_ONLY(200),
    run: (c) => c.patch('/api/organization', { autoRenewTrial: false }),
  },
  {
    route: 'GET /api/organization/members',
    expected: ALL_OK,
    run: (c) => c.get('/api/organization/members'),
  },
  {
    route: 'PATCH /api/organization/members/:userId',
    expected: MANAGERS(200),
    run: async (c) => c.patch(`/api/organization/members/${await freshMember()}`, { role: 'viewer' }),
  },
  {
    route: 'DELETE /api/organization/members/:userId',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/organization/members/${await freshMember()}`),
  },
  {
    route: 'GET /api/organization/invitations',
    expected: ALL_OK,
    run: (c) => c.get('/api/organization/invitations'),
  },
  {
    route: 'POST /api/organization/invitations',
    expected: MANAGERS(201),
    run: (c) => c.post('/api/organization/invitations', { email: uniqueEmail('matrix'), role: 'member' }),
  },
  {
    route: 'POST /api/organization/invitations/:id/resend',
    expected: MANAGERS(200),
    run: async (c) => c.post(`/api/organization/invitations/${await freshInvitation()}/resend`),
  },
  {
    route: 'DELETE /api/organization/invitations/:id',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/organization/invitations/${await freshInvitation()}`),
  },
  // Invoice forwarding (issue 18): everyone reads; members review; owners and admins configure.
  { route: 'GET /api/invoice-forwarding', expected: ALL_OK, run: (c) => c.get('/api/invoice-forwarding') },
  {
    route: 'PATCH /api/invoice-forwarding',
    expected: MANAGERS(200),
    run: (c) => c.patch('/api/invoice-forwarding', { allowedSenders: [] }),
  },
  {
    route: 'POST /api/invoice-forwarding/regenerate',
    expected: MANAGERS(200),
    run: (c) => c.post('/api/invoice-forwarding/regenerate'),
  },
  {
    route: 'GET /api/invoice-forwarding/messages',
    expected: ALL_OK,
    run: (c) => c.get('/api/invoice-forwarding/messages'),
  },
  {
    route: 'GET /api/invoice-forwarding/messages/:id',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/invoice-forwarding/messages/${await freshInboundMessage()}`),
  },
  {
    route: 'PATCH /api/invoice-forwarding/messages/:id',
    expected: { owner: 200, admin: 200, member: 200, viewer: 403 },
    run: async (c) =>
      c.patch(`/api/invoice-forwarding/messages/${await freshInboundMessage()}`, {
        fields: { planName: 'Pro' },
      }),
  },
  // Entities, brands and allocations (issue 19): structure is configuration, allocations are data.
  { route: 'GET /api/entities', expected: ALL_OK, run: (c) => c.get('/api/entities') },
  {
    route: 'POST /api/entities',
    expected: MANAGERS(201),
    run: (c) => c.post('/api/entities', { name: uniqueName('Entity'), functionalCurrency: 'EUR' }),
  },
  {
    route: 'GET /api/entities/:id',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/entities/${await freshEntity()}`),
  },
  {
    route: 'PATCH /api/entities/:id',
    expected: MANAGERS(200),
    run: async (c) => c.patch(`/api/entities/${await freshEntity()}`, { costCentre: 'CC-9' }),
  },
  {
    route: 'DELETE /api/entities/:id',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/entities/${await freshEntity()}`),
  },
  { route: 'GET /api/brands', expected: ALL_OK, run: (c) => c.get('/api/brands') },
  {
    route: 'POST /api/brands',
    expected: MANAGERS(201),
    run: (c) => c.post('/api/brands', { name: uniqueName('Brand') }),
  },
  {
    route: 'GET /api/brands/:id',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/brands/${await freshBrand()}`),
  },
  {
    route: 'PATCH /api/brands/:id',
    expected: MANAGERS(200),
    run: async (c) => c.patch(`/api/brands/${await freshBrand()}`, { color: '#123456' }),
  },
  {
    route: 'DELETE /api/brands/:id',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/brands/${await freshBrand()}`),
  },
  {
    route: 'GET /api/brands/:id/logo',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/brands/${await brandWithLogo()}/logo`),
  },
  {
    route: 'DELETE /api/brands/:id/logo',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/brands/${await brandWithLogo()}/logo`),
  },
  {
    route: 'GET /api/department-allocations',
    expected: ALL_OK,
    run: (c) => c.get('/api/department-allocations'),
  },
  {
    route: 'PUT /api/department-allocations',
    expected: MANAGERS(200),
    run: async (c) =>
      c.put('/api/department-allocations', { items: [{ department: 'Sales', ...(await defaults()) }] }),
  },
  {
    route: 'GET /api/allocations/:kind/:id',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/allocations/subscription/${await freshApp()}`),
  },
  {
    route: 'PUT /api/allocations/:kind/:id',
    expected: WRITERS(200),
    run: async (c) => {
      const { entityId } = await defaults();
      return c.put(`/api/allocations/subscription/${await freshApp()}`, {
        shares: [{ entityId, brandId: await freshBrand(), percent: 100 }],
      });
    },
  },
  {
    route: 'DELETE /api/allocations/:kind/:id',
    expected: WRITERS(204),
    run: async (c) => c.delete(`/api/allocations/subscription/${await freshApp()}`),
  },
  // Product analytics (Growth): read-only for every role.
  {
    route: 'GET /api/product-analytics/overview',
    expected: ALL_OK,
    run: (c) => c.get('/api/product-analytics/overview'),
  },
  {
    route: 'GET /api/product-analytics/active-users',
    expected: ALL_OK,
    run: (c) => c.get('/api/product-analytics/active-users'),
  },
  {
    route: 'GET /api/product-analytics/adoption',
    expected: ALL_OK,
    run: (c) => c.get('/api/product-analytics/adoption'),
  },
  {
    route: 'GET /api/product-analytics/last-use',
    expected: ALL_OK,
    run: (c) => c.get('/api/product-analytics/last-use'),
  },
  // Brand revenue and profitability (Scale).
  { route: 'GET /api/brand-profitability', expected: ALL_OK, run: (c) => c.get('/api/brand-profitability') },
  {
    route: 'GET /api/brands/:id/summary',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/brands/${await brandId()}/summary`),
  },
  {
    route: 'GET /api/brands/:id/revenue',
    expected: ALL_OK,
    run: async (c) => c.get(`/api/brands/${await brandId()}/revenue`),
  },
  {
    route: 'PUT /api/brands/:id/revenue',
    expected: { owner: 200, admin: 200, member: 200, viewer: 403 },
    run: async (c) =>
      c.put(`/api/brands/${await brandId()}/revenue`, { items: [{ month: '2026-01', amountMinor: 1 }] }),
  },
  {
    route: 'POST /api/brands/revenue/import',
    expected: { owner: 200, admin: 200, member: 200, viewer: 403 },
    run: (c) => c.post('/api/brands/revenue/import', { csv: 'month,brand,amount\n' }),
  },
  // Reports (Growth; branding Scale).
  { route: 'GET /api/reports', expected: ALL_OK, run: (c) => c.get('/api/reports') },
  { route: 'GET /api/reports/:key', expected: ALL_OK, run: (c) => c.get('/api/reports/renewals-calendar') },
  {
    route: 'GET /api/reports/:key?format=pdf',
    expected: ALL_OK,
    run: (c) => c.get('/api/reports/license-utilisation?format=pdf'),
  },
  { route: 'GET /api/reports/branding', expected: ALL_OK, run: (c) => c.get('/api/reports/branding') },
  {
    route: 'PUT /api/reports/branding',
    expected: MANAGERS(200),
    run: (c) => c.put('/api/reports/branding', { displayName: 'Matrix', primaryColor: '#123456' }),
  },
  {
    route: 'DELETE /api/reports/branding/logo',
    expected: MANAGERS(200),
    run: (c) => c.delete('/api/reports/branding/logo'),
  },
  // Scheduled reports (Growth): everyone sees them; owners and admins change and send them.
  { route: 'GET /api/report-schedules', expected: ALL_OK, run: (c) => c.get('/api/report-schedules') },
  {
    route: 'GET /api/report-schedules/deliveries',
    expected: ALL_OK,
    run: (c) => c.get('/api/report-schedules/deliveries'),
  },
  {
    route: 'POST /api/report-schedules',
    expected: MANAGERS(201),
    run: (c) => c.post('/api/report-schedules', SCHEDULE),
  },
  {
    route: 'PATCH /api/report-schedules/:id',
    expected: MANAGERS(200),
    run: async (c) => c.patch(`/api/report-schedules/${await freshSchedule()}`, { enabled: false }),
  },
  {
    route: 'DELETE /api/report-schedules/:id',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/report-schedules/${await freshSchedule()}`),
  },
  {
    route: 'POST /api/report-schedules/:id/send',
    expected: MANAGERS(200),
    run: async (c) => c.post(`/api/report-schedules/${await freshSchedule()}/send`),
  },
  // API keys (Scale): owners and admins only.
  { route: 'GET /api/api-keys', expected: MANAGERS(200), run: (c) => c.get('/api/api-keys') },
  {
    route: 'POST /api/api-keys',
    expected: MANAGERS(201),
    run: (c) => c.post('/api/api-keys', { name: 'Matrix', scopes: ['read'] }),
  },
  {
    route: 'DELETE /api/api-keys/:id',
    expected: MANAGERS(204),
    run: async (c) => c.delete(`/api/api-keys/${await freshApiKey()}`),
  },
  // SCIM provisioning (Scale): the organization's token, owners and admins.
  { route: 'GET /api/scim/token', expected: MANAGERS(200), run: (c) => c.get('/api/scim/token') },
  { route: 'POST /api/scim/token', expected: MANAGERS(201), run: (c) => c.post('/api/scim/token') },
  {
    route: 'DELETE /api/scim/token',
    expected: MANAGERS(204),
    run: async (c) => {
      await ownerApi().post('/api/scim/token');
      return c.delete('/api/scim/token');
    },
  },
  // Analytics (Growth; pivots and saved views Scale).
  { route: 'GET /api/analytics/spend', expected: ALL_OK, run: (c) => c.get('/api/analytics/spend') },
  {
    route: 'GET /api/analytics/pivot',
    expected: ALL_OK,
    run: (c) => c.get('/api/analytics/pivot?rows=category&columns=department'),
  },
  { route: 'GET /api/analytics/forecast', expected: ALL_OK, run: (c) => c.get('/api/analytics/forecast') },
  { route: 'GET /api/analytics/movers', expected: ALL_OK, run: (c) => c.get('/api/analytics/movers') },
  { route: 'GET /api/analytics/budgets', expected: ALL_OK, run: (c) => c.get('/api/analytics/budgets') },
  { route: 'GET /api/analytics/views', expected: ALL_OK, run: (c) => c.get('/api/analytics/views') },
  {
    route: 'POST /api/analytics/views',
    expected: WRITERS(201),
    run: (c) => c.post('/api/analytics/views', { name: `View ${crypto.randomUUID()}`, query: 'groupBy=vendor' }),
  },
  {
    route: 'DELETE /api/analytics/views/:id',
    expected: WRITERS(204),
    run: async (c) => {
      const created = await ownerApi().post('/api/analytics/views', {
        name: `View ${crypto.randomUUID()}`,
        query: '',
      });
      return c.delete(`/api/analytics/views/${created.json().id as string}`);
    },
  },
];

describe('role matrix', () => {
  for (const testCase of cases) {
    for (const role of ROLES) {
      it(`${testCase.route} as ${role} → ${testCase.expected[role]}`, async () => {
        const response = await testCase.run(api(server.app, users[role].cookie), users[role].cookie);
        expect(response.statusCode).toBe(testCase.expected[role]);
      });
    }
  }

  it('PUT /api/brands/:id/logo: owners and admins', async () => {
    const expected = MANAGERS(200);
    for (const role of ROLES) {
      const response = await uploadLogo(users[role].cookie, await freshBrand());
      expect(response.statusCode, role).toBe(expected[role]);
    }
    expect((await uploadLogo('', await freshBrand())).statusCode).toBe(401);
  });

  it('PUT /api/reports/branding/logo: owners and admins', async () => {
    const expected = MANAGERS(200);
    for (const role of ROLES) {
      const body = multipartFile('logo.png', PNG, 'image/png');
      const response = await server.app.inject({
        method: 'PUT',
        url: '/api/reports/branding/logo',
        headers: { ...body.headers, cookie: users[role].cookie },
        payload: body.payload,
      });
      expect(response.statusCode, role).toBe(expected[role]);
    }
  });

  it('refuses every organization route signed out (401)', async () => {
    const anonymous = api(server.app, '');
    for (const testCase of cases) expect((await testCase.run(anonymous, '')).statusCode).toBe(401);
    expect(
      (await anonymous.post('/api/organization/transfer-ownership', { userId: owner.id })).statusCode,
    ).toBe(401);
  });

  // Last, and owner last: a successful transfer changes who the owner is.
  it('POST /api/organization/transfer-ownership: owner only', async () => {
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const response = await api(server.app, users[role].cookie).post(
        '/api/organization/transfer-ownership',
        {
          userId: users.member.id,
        },
      );
      expect(response.statusCode, role).toBe(403);
    }
    const ok = await ownerApi().post('/api/organization/transfer-ownership', { userId: users.admin.id });
    expect(ok.statusCode).toBe(200);
  });
});
