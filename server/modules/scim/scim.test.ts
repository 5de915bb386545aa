import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  licenseAssignments,
  notifications,
  outbox,
  people,
  scimGroupMembers,
  scimTokens,
} from '../../db/schema';
import {
  addMemberWithSession,
  api,
  buildAssignment,
  buildPerson,
  buildPool,
  buildSubscription,
  setPlan,
} from '../../test/factories';
import { getTestServer } from '../../test/test-server';
import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, db, ownerOnPlan } = useTestServerAt('2026-03-31T12:00:00Z');
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A Scale organization with a SCIM token made by its owner. */
async function scimOrg() {
  const owner = await ownerOnPlan('scale');
  const client = api(server.app, owner.cookie);
  const created = await client.post('/api/scim/token');
  expect(created.statusCode).toBe(201);
  const token = created.json().token as string;
  return { owner, orgId: owner.orgId, client, token, scim: scimClient(token) };
}

/** Requests as an identity provider sends them: bearer token, application/scim+json bodies. */
function scimClient(token: string) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    server.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown) => send('POST', url, body),
    put: (url: string, body: unknown) => send('PUT', url, body),
    patch: (url: string, ...Operations: unknown[]) => send('PATCH', url, { schemas: [PATCH_OP], Operations }),
    delete: (url: string) => send('DELETE', url),
  };
}

const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`;
const personById = async (id: string) => (await db().select().from(people).where(eq(people.id, id)))[0];
const auditActions = async (orgId: string) =>
  (await db().select().from(auditEvents).where(eq(auditEvents.organizationId, orgId))).map((e) => e.action);

describe('SCIM token', () => {
  it('is created once with its secret, stored hashed, rotated and revoked', async () => {
    const owner = await ownerOnPlan('scale');
    const client = api(server.app, owner.cookie);
    expect((await client.get('/api/scim/token')).json()).toEqual({
      exists: false,
      prefix: null,
      createdAt: null,
      lastUsedAt: null,
      baseUrl: 'http://localhost:3000/scim/v2',
    });
    const first = (await client.post('/api/scim/token')).json();
    expect(first.token).toMatch(/^sw_scim_[\w-]{40,}$/);
    expect(first).toMatchObject({ exists: true, prefix: first.token.slice(0, 12), lastUsedAt: null });
    const [stored] = await db().select().from(scimTokens).where(eq(scimTokens.organizationId, owner.orgId));
    expect(stored.tokenHash).not.toContain(first.token.slice(8));
    expect(stored.createdBy).toBe(owner.id);
    expect((await client.get('/api/scim/token')).json()).not.toHaveProperty('token');

    expect((await scimClient(first.token).get('/Users')).statusCode).toBe(200);
    expect((await client.get('/api/scim/token')).json().lastUsedAt).toBe('2026-03-31T12:00:00.000Z');

    const second = (await client.post('/api/scim/token')).json();
    expect((await scimClient(first.token).get('/Users')).statusCode).toBe(401);
    expect((await scimClient(second.token).get('/Users')).statusCode).toBe(200);

    expect((await client.delete('/api/scim/token')).statusCode).toBe(204);
    expect((await scimClient(second.token).get('/Users')).statusCode).toBe(401);
    expect((await client.delete('/api/scim/token')).statusCode).toBe(404);
    expect(await auditActions(owner.orgId)).toEqual(
      expect.arrayContaining(['scim.token_rotate', 'scim.token_rotate', 'scim.token_revoke']),
    );
  });

  it('needs the Scale plan: Growth gets plan_required on the API and a SCIM 403 with an old token', async () => {
    const { owner, client, scim } = await scimOrg();
    await setPlan(db(), owner.orgId, 'pro');
    const refused = await client.post('/api/scim/token');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    expect((await client.get('/api/scim/token')).statusCode).toBe(403);
    const scimRefused = await scim.get('/Users');
    expect(scimRefused.statusCode).toBe(403);
    expect(scimRefused.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '403',
      detail: 'SCIM provisioning needs the Scale plan; this organization is on Growth.',
    });
  });

  it('is managed by owners and admins only', async () => {
    const { orgId } = await scimOrg();
    const member = await addMemberWithSession(db(), orgId, 'member');
    expect((await api(server.app, member.cookie).post('/api/scim/token')).statusCode).toBe(403);
    const admin = await addMemberWithSession(db(), orgId, 'admin');
    expect((await api(server.app, admin.cookie).post('/api/scim/token')).statusCode).toBe(201);
  });
});

describe('SCIM protocol', () => {
  it('refuses a missing, malformed or unknown token with a SCIM 401', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'Bearer sw_scim_unknown', 'Basic abc']) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/scim/v2/Users',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/scim+json');
      expect(response.json()).toMatchObject({
        status: '401',
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      });
    }
    // Not the web app's index.html, nor a CSRF refusal, for unknown paths and cross-site writes.
    const { token } = await scimOrg();
    const unknown = await scimClient(token).get('/Nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status).toBe('404');
    const crossSite = await server.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
      },
      payload: JSON.stringify({ userName: 'plain-json@example.com' }),
    });
    expect(crossSite.statusCode).toBe(201);
    const withCharset = await server.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json; charset=utf-8' },
      payload: JSON.stringify({ userName: 'charset@example.com' }),
    });
    expect(withCharset.statusCode).toBe(201);
    const plainText = await server.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'userName=x',
    });
    expect(plainText.statusCode).toBe(400);
    expect(plainText.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
  });

  it('describes itself (ServiceProviderConfig, ResourceTypes, Schemas)', async () => {
    const { scim } = await scimOrg();
    const config = (await scim.get('/ServiceProviderConfig')).json();
    expect(config).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = (await scim.get('/ResourceTypes')).json();
    expect(types.map((t: { id: string }) => t.id)).toEqual(['User', 'Group']);
    const schemas = (await scim.get('/Schemas')).json();
    expect(schemas.map((s: { id: string }) => s.id)).toContain(ENTERPRISE);
  });

  it('replays Okta: lookup, create, duplicate, read, replace, deactivate, reactivate', async () => {
    const { orgId, scim } = await scimOrg();
    const list = await scim.get('/Users?count=1&startIndex=1');
    expect(list.json()).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    expect(
      (await scim.get(`/Users?${filter('userName eq "Ada.Lovelace@Example.com"')}`)).json().totalResults,
    ).toBe(0);

    const okta = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'Ada.Lovelace@Example.com',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ primary: true, value: 'ada.lovelace@example.com', type: 'work' }],
      displayName: 'Ada Lovelace',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    };
    const created = await scim.post('/Users', okta);
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toContain('application/scim+json');
    const user = created.json();
    expect(user).toMatchObject({
      userName: 'ada.lovelace@example.com',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'ada.lovelace@example.com', primary: true }],
      externalId: '00ujl29u0le5T6Aj10h7',
      active: true,
      meta: { resourceType: 'User', location: `http://localhost:3000/scim/v2/Users/${user.id}` },
    });
    expect(await personById(user.id)).toMatchObject({
      organizationId: orgId,
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      source: 'scim',
      externalId: '00ujl29u0le5T6Aj10h7',
      status: 'active',
    });

    expect((await scim.get(`/Users/${user.id}`)).json().id).toBe(user.id);
    const found = (
      await scim.get(`/Users?${filter('userName eq "ada.lovelace@example.com"')}&startIndex=1&count=100`)
    ).json();
    expect(found).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    const duplicate = await scim.post('/Users', okta);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect((await scim.get('/Users/010acf9e-9d4b-4e32-a1a3-1a8d2d1d8c6f')).statusCode).toBe(404);

    const replaced = await scim.put(`/Users/${user.id}`, {
      ...okta,
      name: { givenName: 'Augusta', familyName: 'King' },
      title: 'Analyst',
    });
    expect(replaced.json()).toMatchObject({ name: { givenName: 'Augusta' }, title: 'Analyst', active: true });
    // A PUT without `active` leaves the status as it is.
    const { active: _active, ...withoutActive } = okta;
    expect((await scim.put(`/Users/${user.id}`, withoutActive)).json().active).toBe(true);

    const off = await scim.patch(`/Users/${user.id}`, { op: 'replace', value: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await personById(user.id)).status).toBe('offboarded');
    expect((await scim.put(`/Users/${user.id}`, withoutActive)).json().active).toBe(false);
    const on = await scim.patch(`/Users/${user.id}`, { op: 'replace', value: { active: true } });
    expect(on.json().active).toBe(true);
    const actions = await auditActions(orgId);
    expect(actions).toEqual(
      expect.arrayContaining([
        'scim.user_create',
        'scim.user_update',
        'scim.user_deactivate',
        'scim.user_reactivate',
      ]),
    );
    // One row per deprovisioning: the offboarding (and its undoing) is a step of the SCIM event.
    expect(actions).not.toContain('person.offboard');
    expect(actions).not.toContain('person.reactivate');
    const [deactivated] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.action, 'scim.user_deactivate')));
    expect(deactivated!.changes).toMatchObject({
      steps: [{ action: 'person.offboard', entityId: user.id }],
    });
  });

  it('replays Microsoft Entra ID: enterprise extension, PATCH paths, string booleans, DELETE', async () => {
    const { orgId, scim } = await scimOrg();
    const manager = await buildPerson(db(), orgId, { email: 'boss@contoso.com' });
    const created = await scim.post('/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee@contoso.com',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_ab6490ee@contoso.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      [ENTERPRISE]: { department: 'Finance', manager: { value: manager.id } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()[ENTERPRISE]).toEqual({ department: 'Finance', manager: { value: manager.id } });
    expect(await personById(id)).toMatchObject({
      email: 'test_user_ab6490ee@contoso.com',
      department: 'Finance',
      managerId: manager.id,
    });

    const byWorkMail = await scim.get(
      `/Users?${filter('emails[type eq "work"].value eq "test_user_ab6490ee@contoso.com"')}`,
    );
    expect(byWorkMail.json().totalResults).toBe(1);
    expect(
      (await scim.get(`/Users?${filter('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`)).json()
        .Resources[0].id,
    ).toBe(id);

    const patched = await scim.patch(
      `/Users/${id}`,
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      { op: 'Replace', path: 'userName', value: 'renamed@contoso.com' },
      { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Legal' },
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'renamed@contoso.com' },
      { op: 'Remove', path: `${ENTERPRISE}:manager` },
      { op: 'Add', path: 'title', value: 'Counsel' },
    );
    expect(patched.statusCode).toBe(200);
    expect(await personById(id)).toMatchObject({
      email: 'renamed@contoso.com',
      firstName: 'givenName',
      lastName: 'updatedFamilyName',
      department: 'Legal',
      managerId: null,
      title: 'Counsel',
    });

    const disabled = await scim.patch(`/Users/${id}`, { op: 'Replace', path: 'active', value: 'False' });
    expect(disabled.json().active).toBe(false);
    expect((await personById(id)).status).toBe('offboarded');
    expect(
      (await scim.patch(`/Users/${id}`, { op: 'Replace', path: 'active', value: 'True' })).json().active,
    ).toBe(true);

    expect((await scim.delete(`/Users/${id}`)).statusCode).toBe(204);
    // Deleting deactivates: the person and their seat history stay.
    expect(await personById(id)).toMatchObject({ status: 'offboarded' });
    expect((await scim.get(`/Users/${id}`)).json().active).toBe(false);
  });

  it('offboards on deactivation: seats unassigned, the owner told', async () => {
    const { orgId, scim } = await scimOrg();
    const appOwner = await addMemberWithSession(db(), orgId, 'member');
    const slack = await buildSubscription(db(), orgId, { name: 'Slack', ownerUserId: appOwner.id });
    const pool = await buildPool(db(), orgId, slack.id, { tierName: 'Pro', unitPriceMinor: 875 });
    const leaver = await buildPerson(db(), orgId, {
      firstName: 'Lea',
      lastName: 'Ver',
      email: 'lea@example.com',
    });
    await buildAssignment(db(), orgId, pool.id, leaver.id);

    expect(
      (await scim.patch(`/Users/${leaver.id}`, { op: 'replace', value: { active: false } })).statusCode,
    ).toBe(200);
    const open = await db()
      .select()
      .from(licenseAssignments)
      .where(and(eq(licenseAssignments.personId, leaver.id), isNull(licenseAssignments.unassignedAt)));
    expect(open).toHaveLength(0);
    const closed = await db()
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.personId, leaver.id));
    expect(closed.map((c) => c.unassignReason)).toEqual(['offboarding']);
    const notes = await db().select().from(notifications).where(eq(notifications.organizationId, orgId));
    expect(notes.map((n) => n.title)).toEqual(['Lea Ver was offboarded: Slack seat freed']);
    const mails = await db().select().from(outbox).where(eq(outbox.to, appOwner.email));
    expect(mails.map((m) => m.subject)).toEqual(['Lea Ver was offboarded: a Slack seat is free']);
  });

  it('adopts someone already in People by hand instead of duplicating them', async () => {
    const { orgId, scim } = await scimOrg();
    const existing = await buildPerson(db(), orgId, { email: 'grace@example.com', source: 'csv' });
    const created = await scim.post('/Users', {
      userName: 'Grace@example.com',
      externalId: 'okta-1',
      name: { givenName: 'Grace', familyName: 'Hopper' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBe(existing.id);
    expect(await personById(existing.id)).toMatchObject({
      source: 'scim',
      externalId: 'okta-1',
      firstName: 'Grace',
    });
    expect(await db().select().from(people).where(eq(people.organizationId, orgId))).toHaveLength(1);
    expect(await auditActions(orgId)).toContain('scim.user_link');
  });

  it('stores attributes holding NUL or a lone surrogate cleaned (issue 30), and filters on them', async () => {
    const { orgId, scim } = await scimOrg();
    const nasty = await scim.post('/Users', {
      userName: 'Kay\u0000@example.com',
      externalId: 'okta-\u0000-2',
      name: { givenName: 'K\u0000ay', familyName: 'Ng\uD800' },
    });
    expect(nasty.statusCode, nasty.body).toBe(201);
    expect(await personById(nasty.json().id)).toMatchObject({
      organizationId: orgId,
      email: 'kay@example.com',
      externalId: 'okta--2',
      firstName: 'Kay',
      lastName: 'Ng\uFFFD',
    });
    const found = await scim.get(`/Users?${filter('userName eq "kay\u0000@example.com"')}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().totalResults).toBe(1);
  });

  it('refuses bad input with SCIM errors and stores nothing', async () => {
    const { orgId, scim, token } = await scimOrg();
    const badFilter = await scim.get(`/Users?${filter('userName co "a"')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim.get(`/Users?${filter('title eq "x"')}`)).json().scimType).toBe('invalidFilter');
    const notEmail = await scim.post('/Users', { userName: 'jdoe' });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().scimType).toBe('invalidValue');
    const badJson = await server.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    const person = await buildPerson(db(), orgId);
    const badActive = await scim.patch(`/Users/${person.id}`, {
      op: 'replace',
      path: 'active',
      value: 'maybe',
    });
    expect(badActive.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim.patch(`/Users/${person.id}`, { op: 'move', path: 'active' })).statusCode).toBe(400);
    expect((await personById(person.id)).status).toBe('active');
    expect(await db().select().from(people).where(eq(people.organizationId, orgId))).toHaveLength(1);
  });

  it('refuses malformed filter strings with invalidFilter, in a Groups filter and in a PATCH path', async () => {
    const { orgId, scim } = await scimOrg();
    // A raw NUL never gets this far: every query string is made storable at the door (the NUL
    // removed, server/lib/storable-text.ts), so it is a filter on "ab" that matches nobody.
    for (const resource of ['/Users', '/Groups']) {
      const attributeName = resource === '/Users' ? 'userName' : 'displayName';
      const response = await scim.get(`${resource}?${filter(`${attributeName} eq "a\u0000b"`)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ totalResults: 0 });
    }
    for (const value of ['"\\x"', '"\\u12"', '"\\u0000"']) {
      for (const resource of ['/Users', '/Groups']) {
        const attributeName = resource === '/Users' ? 'userName' : 'displayName';
        const response = await scim.get(`${resource}?${filter(`${attributeName} eq ${value}`)}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
      }
    }
    const person = await buildPerson(db(), orgId);
    for (const value of ['"\\x"', '"\\u12"']) {
      const response = await scim.patch(`/Users/${person.id}`, {
        op: 'replace',
        path: `emails[type eq ${value}].value`,
        value: 'new@example.com',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    }
    const nul = await scim.patch(`/Users/${person.id}`, {
      op: 'replace',
      path: 'emails[type eq "a\u0000"].value',
      value: 'new@example.com',
    });
    // The body's NUL is removed at the door too: a path on type "a", which no e-mail has.
    expect(nul.statusCode).toBeLessThan(500);
    expect((await personById(person.id)).email).toBe(person.email);
  });

  it('refuses over-long attributes with invalidValue and stores nothing', async () => {
    const { orgId, scim } = await scimOrg();
    const huge = 'x'.repeat(900 * 1024);
    const longTitle = await scim.post('/Users', { userName: 'long-title@example.com', title: huge });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect(longTitle.json().detail).toBe('title must be at most 150 characters.');
    const person = await buildPerson(db(), orgId);
    for (const [path, value] of [
      ['title', 'x'.repeat(151)],
      ['name.givenName', 'x'.repeat(101)],
      ['externalId', 'x'.repeat(256)],
      [`${ENTERPRISE}:department`, 'x'.repeat(101)],
    ]) {
      const response = await scim.patch(`/Users/${person.id}`, { op: 'replace', path, value });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().scimType).toBe('invalidValue');
    }
    const longGroup = await scim.post('/Groups', { displayName: 'g'.repeat(256) });
    expect(longGroup.statusCode).toBe(400);
    expect(longGroup.json().scimType).toBe('invalidValue');
    expect(await db().select().from(people).where(eq(people.organizationId, orgId))).toHaveLength(1);
    expect((await personById(person.id)).title).toBe(person.title);
    // At the limit is fine.
    const atLimit = await scim.patch(`/Users/${person.id}`, {
      op: 'replace',
      path: 'title',
      value: 't'.repeat(150),
    });
    expect(atLimit.statusCode).toBe(200);
  });

  it('limits calls per token and minute, with the rate-limit headers API keys have', async () => {
    const { token } = await scimOrg();
    const other = await scimOrg();
    // A second server on the same database, with a small limit: the count is shared through it.
    const limited = await getTestServer({
      clock,
      database: server.database,
      env: { API_RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const get = (bearer: string) =>
        limited.app.inject({ url: '/scim/v2/Users', headers: { authorization: `Bearer ${bearer}` } });
      const first = await get(token);
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-limit']).toBe('3');
      expect(first.headers['ratelimit-remaining']).toBe('2');
      expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
      await get(token);
      await get(token);
      const over = await get(token);
      expect(over.statusCode).toBe(429);
      expect(over.headers['content-type']).toContain('application/scim+json');
      expect(over.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '429' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['ratelimit-remaining']).toBe('0');
      // Per token: another organization's token keeps its own budget.
      expect((await get(other.token)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('stops working once the admin who made the token is removed or demoted, like an API key', async () => {
    const { owner, orgId } = await scimOrg();
    const admin = await addMemberWithSession(db(), orgId, 'admin');
    const made = await api(server.app, admin.cookie).post('/api/scim/token');
    expect(made.statusCode).toBe(201);
    const scim = scimClient(made.json().token as string);
    expect((await scim.get('/Users')).statusCode).toBe(200);
    const owners = api(server.app, owner.cookie);
    expect((await owners.patch(`/api/organization/members/${admin.id}`, { role: 'member' })).statusCode).toBe(
      200,
    );
    const demoted = await scim.get('/Users');
    expect(demoted.statusCode).toBe(401);
    expect(demoted.json()).toMatchObject({ status: '401' });
    expect((await owners.patch(`/api/organization/members/${admin.id}`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect((await scim.get('/Users')).statusCode).toBe(200);
    expect((await owners.delete(`/api/organization/members/${admin.id}`)).statusCode).toBe(204);
    expect((await scim.get('/Users')).statusCode).toBe(401);
  });

  it("never shows or changes another organization's users and groups", async () => {
    const a = await scimOrg();
    const b = await scimOrg();
    const theirs = await buildPerson(db(), b.orgId, { email: 'secret@b.example' });
    const group = (
      await b.scim.post('/Groups', { displayName: 'B team', members: [{ value: theirs.id }] })
    ).json();
    expect((await a.scim.get(`/Users/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await a.scim.patch(`/Users/${theirs.id}`, { op: 'replace', value: { active: false } })).statusCode,
    ).toBe(404);
    expect((await a.scim.delete(`/Users/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.scim.get(`/Users?${filter('userName eq "secret@b.example"')}`)).json().totalResults).toBe(
      0,
    );
    expect((await a.scim.get(`/Groups/${group.id}`)).statusCode).toBe(404);
    expect((await a.scim.get('/Groups')).json().totalResults).toBe(0);
    expect(
      (await a.scim.post('/Groups', { displayName: 'Mine', members: [{ value: theirs.id }] })).json(),
    ).toMatchObject({
      status: '400',
      scimType: 'invalidValue',
    });
    expect((await personById(theirs.id)).status).toBe('active');
  });

  it('keeps groups pushed the Okta way', async () => {
    const { orgId, scim } = await scimOrg();
    const ann = await buildPerson(db(), orgId, { email: 'ann@example.com' });
    const bob = await buildPerson(db(), orgId, { email: 'bob@example.com' });
    const created = await scim.post('/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Engineering',
      members: [],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await scim.get(`/Groups?${filter('displayName eq "engineering"')}`)).json().Resources[0].id).toBe(
      id,
    );
    expect((await scim.post('/Groups', { displayName: 'Engineering' })).json()).toMatchObject({
      status: '409',
      scimType: 'uniqueness',
    });

    await scim.patch(`/Groups/${id}`, { op: 'replace', value: { id, displayName: 'Eng' } });
    const added = await scim.patch(`/Groups/${id}`, {
      op: 'add',
      path: 'members',
      value: [
        { value: ann.id, display: 'ann@example.com' },
        { value: bob.id, display: 'bob@example.com' },
      ],
    });
    expect(added.json()).toMatchObject({ displayName: 'Eng' });
    expect(added.json().members.map((m: { value: string }) => m.value)).toEqual([ann.id, bob.id]);
    const removed = await scim.patch(`/Groups/${id}`, {
      op: 'remove',
      path: `members[value eq "${ann.id}"]`,
    });
    expect(removed.json().members.map((m: { value: string }) => m.value)).toEqual([bob.id]);
    const put = await scim.put(`/Groups/${id}`, { displayName: 'Eng', members: [{ value: ann.id }] });
    expect(put.json().members).toEqual([
      { value: ann.id, display: expect.any(String), $ref: `http://localhost:3000/scim/v2/Users/${ann.id}` },
    ]);
    expect((await scim.delete(`/Groups/${id}`)).statusCode).toBe(204);
    expect((await scim.get(`/Groups/${id}`)).statusCode).toBe(404);
    expect(
      await db().select().from(scimGroupMembers).where(eq(scimGroupMembers.organizationId, orgId)),
    ).toHaveLength(0);
    expect(await auditActions(orgId)).toEqual(
      expect.arrayContaining(['scim.group_create', 'scim.group_update', 'scim.group_delete']),
    );
  });

  it('keeps groups pushed the Entra way', async () => {
    const { orgId, scim } = await scimOrg();
    const ann = await buildPerson(db(), orgId);
    const created = (
      await scim.post('/Groups', {
        externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
        displayName: 'displayName',
        meta: { resourceType: 'Group' },
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      })
    ).json();
    const lookup = await scim.get(
      `/Groups?excludedAttributes=members&${filter('displayName eq "displayName"')}`,
    );
    expect(lookup.json().Resources[0]).not.toHaveProperty('members');
    expect((await scim.get(`/Groups/${created.id}?excludedAttributes=members`)).json()).not.toHaveProperty(
      'members',
    );
    await scim.patch(`/Groups/${created.id}`, {
      op: 'Replace',
      path: 'displayName',
      value: 'updatedDisplayName',
    });
    await scim.patch(`/Groups/${created.id}`, {
      op: 'Add',
      path: 'members',
      value: [{ $ref: null, value: ann.id }],
    });
    const withAnn = await scim.get(
      `/Groups?${filter(`id eq "${created.id}" and members.value eq "${ann.id}"`)}`,
    );
    expect(withAnn.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ displayName: 'updatedDisplayName' }],
    });
    await scim.patch(`/Groups/${created.id}`, {
      op: 'Remove',
      path: 'members',
      value: [{ $ref: null, value: ann.id }],
    });
    expect((await scim.get(`/Groups/${created.id}`)).json().members).toEqual([]);
  });
});
