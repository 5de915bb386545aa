import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../common/plans';
import { allocationShares, auditEvents, brands, budgets, entities, people } from '../../db/schema';
import { api, buildOrgOwner, buildPerson, buildSubscription, setPlan } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { useTestServer } from '../../test/test-server';

const server = useTestServer();

const db = () => server.database.db;

async function orgOn(plan: PlanId) {
  const owner = await buildOrgOwner(server.app);
  await setPlan(db(), owner.orgId, plan);
  const client = api(server.app, owner.cookie);
  const [defaultEntity] = (await client.get('/api/entities')).json().items;
  const [defaultBrand] = (await client.get('/api/brands')).json().items;
  return { ...owner, client, defaultEntity, defaultBrand };
}

const entityCount = async (orgId: string) =>
  (await db().select().from(entities).where(eq(entities.organizationId, orgId))).length;

describe('entities', () => {
  it('every organization starts with its default entity, readable on every plan', async () => {
    for (const plan of ['starter', 'pro', 'scale'] as const) {
      const { client } = await orgOn(plan);
      const list = await client.get('/api/entities');
      expect(list.statusCode).toBe(200);
      expect(list.json().items).toHaveLength(1);
      expect(list.json().items[0]).toMatchObject({ isDefault: true, archived: false, brandCount: 1 });
    }
  });

  it('creates, reads and updates an entity on Scale, and audits each write', async () => {
    const { client, orgId, defaultEntity } = await orgOn('scale');
    const created = await client.post('/api/entities', {
      name: 'Acme GmbH',
      legalName: 'Acme Deutschland GmbH',
      country: 'de',
      functionalCurrency: 'EUR',
      taxId: 'DE123',
      costCentre: 'CC-1',
      parentId: defaultEntity.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Acme GmbH',
      country: 'DE',
      functionalCurrency: 'EUR',
      parentId: defaultEntity.id,
      isDefault: false,
      archived: false,
      brandCount: 0,
      allocationCount: 0,
    });
    const id = created.json().id;
    expect((await client.get(`/api/entities/${id}`)).json().legalName).toBe('Acme Deutschland GmbH');

    const patched = await client.patch(`/api/entities/${id}`, { name: 'Acme DE', taxId: null });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Acme DE', taxId: null });

    const archived = await client.patch(`/api/entities/${id}`, { archived: true });
    expect(archived.json().archived).toBe(true);
    expect((await client.patch(`/api/entities/${id}`, { archived: false })).json().archived).toBe(false);

    const audits = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.entityId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'entity.create',
      'entity.update',
      'entity.update',
      'entity.update',
    ]);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const { client, orgId } = await orgOn('scale');
    const before = await entityCount(orgId);
    for (const body of [
      { name: '', functionalCurrency: 'EUR' },
      { name: 'X' },
      { name: 'X', functionalCurrency: 'EURO' },
      { name: 'X', functionalCurrency: 'EUR', country: 'Germany' },
      { name: 'X', functionalCurrency: 'EUR', parentId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const response = await client.post('/api/entities', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await entityCount(orgId)).toBe(before);
  });

  it('names are unique per organization whatever the case (409)', async () => {
    const { client, orgId } = await orgOn('scale');
    await client.post('/api/entities', { name: 'Acme Ltd', functionalCurrency: 'GBP' });
    const again = await client.post('/api/entities', { name: 'ACME ltd', functionalCurrency: 'GBP' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: 'An entity named "ACME ltd" already exists.',
    });
    expect(await entityCount(orgId)).toBe(2);
  });

  it('refuses a parent that would make a cycle (400)', async () => {
    const { client } = await orgOn('scale');
    const a = (await client.post('/api/entities', { name: 'A', functionalCurrency: 'EUR' })).json();
    const b = (
      await client.post('/api/entities', { name: 'B', functionalCurrency: 'EUR', parentId: a.id })
    ).json();
    const c = (
      await client.post('/api/entities', { name: 'C', functionalCurrency: 'EUR', parentId: b.id })
    ).json();
    expect((await client.patch(`/api/entities/${a.id}`, { parentId: c.id })).statusCode).toBe(400);
    expect((await client.patch(`/api/entities/${a.id}`, { parentId: a.id })).statusCode).toBe(400);
    expect((await client.get(`/api/entities/${a.id}`)).json().parentId).toBeNull();
  });

  it('keeps the default entity: no archive, no delete (409)', async () => {
    const { client, defaultEntity } = await orgOn('scale');
    expect((await client.patch(`/api/entities/${defaultEntity.id}`, { archived: true })).statusCode).toBe(
      409,
    );
    expect((await client.delete(`/api/entities/${defaultEntity.id}`)).statusCode).toBe(409);
    expect((await client.get(`/api/entities/${defaultEntity.id}`)).json().archived).toBe(false);
  });

  it('writes need Scale (403 plan_required) and owners or admins (403 forbidden)', async () => {
    for (const plan of ['starter', 'pro'] as const) {
      const { client, orgId, defaultEntity } = await orgOn(plan);
      const created = await client.post('/api/entities', { name: 'Second', functionalCurrency: 'EUR' });
      expect(created.statusCode).toBe(403);
      expect(created.json().code).toBe('plan_required');
      expect((await client.patch(`/api/entities/${defaultEntity.id}`, { name: 'Renamed' })).statusCode).toBe(
        403,
      );
      expect(await entityCount(orgId)).toBe(1);
    }
  });

  it('another organization’s entity answers 404 on every route', async () => {
    const mine = await orgOn('scale');
    const theirs = await orgOn('scale');
    const id = theirs.defaultEntity.id;
    expect((await mine.client.get(`/api/entities/${id}`)).statusCode).toBe(404);
    expect((await mine.client.patch(`/api/entities/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await mine.client.delete(`/api/entities/${id}`)).statusCode).toBe(404);
    const asParent = await mine.client.post('/api/entities', {
      name: 'X',
      functionalCurrency: 'EUR',
      parentId: id,
    });
    expect(asParent.statusCode).toBe(400);
    expect((await theirs.client.get(`/api/entities/${id}`)).json().name).toBe(theirs.defaultEntity.name);
  });

  it('delete in use answers 409 with what uses it; reassignTo moves every use, then deletes', async () => {
    const { client, orgId, defaultEntity, defaultBrand } = await orgOn('scale');
    const doomed = (await client.post('/api/entities', { name: 'Doomed', functionalCurrency: 'EUR' })).json();
    const keeper = (await client.post('/api/entities', { name: 'Keeper', functionalCurrency: 'EUR' })).json();
    await client.post('/api/brands', { name: 'Doomed brand', entityId: doomed.id });
    await client.post('/api/entities', { name: 'Child', functionalCurrency: 'EUR', parentId: doomed.id });
    const person = await buildPerson(db(), orgId, { entityId: doomed.id });
    const app = await buildSubscription(db(), orgId);
    // 60 % doomed + 40 % keeper, both the default brand: after the move, one share of 100 % keeper.
    const split = await client.put(`/api/allocations/subscription/${app.id}`, {
      shares: [
        { entityId: doomed.id, brandId: defaultBrand.id, percent: 60 },
        { entityId: keeper.id, brandId: defaultBrand.id, percent: 40 },
      ],
    });
    expect(split.statusCode).toBe(200);

    const refused = await client.delete(`/api/entities/${doomed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'in_use',
      message:
        'Doomed is used by 1 allocation, 1 person, 1 brand and 1 child entity. Move them to another one first, or delete it with reassignTo.',
    });
    expect(refused.json().details.uses).toEqual([
      { kind: 'allocations', count: 1 },
      { kind: 'people', count: 1 },
      { kind: 'brands', count: 1 },
      { kind: 'childEntities', count: 1 },
    ]);
    expect((await client.get(`/api/entities/${doomed.id}`)).statusCode).toBe(200);

    expect((await client.delete(`/api/entities/${doomed.id}?reassignTo=${doomed.id}`)).statusCode).toBe(400);
    const moved = await client.delete(`/api/entities/${doomed.id}?reassignTo=${keeper.id}`);
    expect(moved.statusCode).toBe(204);
    expect((await client.get(`/api/entities/${doomed.id}`)).statusCode).toBe(404);
    const shares = await db()
      .select({ entityId: allocationShares.entityId, bp: allocationShares.basisPoints })
      .from(allocationShares)
      .where(and(eq(allocationShares.organizationId, orgId), eq(allocationShares.targetId, app.id)));
    expect(shares).toEqual([{ entityId: keeper.id, bp: 10_000 }]);
    const [personAfter] = await db().select().from(people).where(eq(people.id, person!.id));
    expect(personAfter!.entityId).toBe(keeper.id);
    const keeperAfter = (await client.get(`/api/entities/${keeper.id}`)).json();
    expect(keeperAfter).toMatchObject({ brandCount: 1, allocationCount: 1 });
    const child = (await client.get('/api/entities'))
      .json()
      .items.find((e: { name: string }) => e.name === 'Child');
    expect(child.parentId).toBe(keeper.id);
    expect(defaultEntity.id).not.toBe(keeper.id);
  });

  it('moves budgets scoped to a deleted entity', async () => {
    const { client, orgId } = await orgOn('scale');
    const doomed = (await client.post('/api/entities', { name: 'Doomed', functionalCurrency: 'EUR' })).json();
    const keeper = (await client.post('/api/entities', { name: 'Keeper', functionalCurrency: 'EUR' })).json();
    // The entity budget scope comes with issue 19's budget scopes: written directly here.
    const [budget] = await db()
      .insert(budgets)
      .values({
        organizationId: orgId,
        name: 'Doomed budget',
        period: 'monthly',
        amountMinor: 100,
        currency: 'EUR',
        scope: 'entity' as never,
        scopeId: doomed.id,
      })
      .returning();
    const refused = await client.delete(`/api/entities/${doomed.id}`);
    expect(refused.json().details.uses).toEqual([{ kind: 'budgets', count: 1 }]);
    expect((await client.delete(`/api/entities/${doomed.id}?reassignTo=${keeper.id}`)).statusCode).toBe(204);
    const [after] = await db().select().from(budgets).where(eq(budgets.id, budget!.id));
    expect(after!.scopeId).toBe(keeper.id);
  });
});

describe('brands', () => {
  it('creates a brand under the default entity unless told, and lists it with its counts', async () => {
    const { client, defaultEntity } = await orgOn('scale');
    const created = await client.post('/api/brands', {
      name: 'Brand A',
      color: '#4f46e5',
      description: 'Shoes',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Brand A',
      color: '#4F46E5',
      description: 'Shoes',
      entityId: defaultEntity.id,
      logoUrl: null,
      isDefault: false,
      archived: false,
      allocationCount: 0,
      peopleCount: 0,
    });
    const list = (await client.get('/api/brands')).json().items;
    expect(list.map((b: { name: string; isDefault: boolean }) => b.isDefault)).toEqual([true, false]);
  });

  it('refuses an archived or foreign owning entity (400), a bad colour (400) and a duplicate name (409)', async () => {
    const { client, orgId } = await orgOn('scale');
    const other = await orgOn('scale');
    const archived = (await client.post('/api/entities', { name: 'Old', functionalCurrency: 'EUR' })).json();
    await client.patch(`/api/entities/${archived.id}`, { archived: true });
    expect((await client.post('/api/brands', { name: 'B', entityId: archived.id })).statusCode).toBe(400);
    expect(
      (await client.post('/api/brands', { name: 'B', entityId: other.defaultEntity.id })).statusCode,
    ).toBe(400);
    expect((await client.post('/api/brands', { name: 'B', color: 'red' })).statusCode).toBe(400);
    await client.post('/api/brands', { name: 'Brand B' });
    const dup = await client.post('/api/brands', { name: 'brand b' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A brand named "brand b" already exists.');
    const stored = await db().select().from(brands).where(eq(brands.organizationId, orgId));
    expect(stored).toHaveLength(2);
  });

  it('Starter and Growth cannot create brands (403 plan_required)', async () => {
    for (const plan of ['starter', 'pro'] as const) {
      const { client } = await orgOn(plan);
      const response = await client.post('/api/brands', { name: 'Second' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    }
  });

  it('after a downgrade the brands stay readable and no new one can be made', async () => {
    const { client, orgId } = await orgOn('scale');
    const extra = (await client.post('/api/brands', { name: 'Brand Two' })).json();
    await setPlan(db(), orgId, 'pro');
    const list = await client.get('/api/brands');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(2);
    expect((await client.get(`/api/brands/${extra.id}`)).statusCode).toBe(200);
    const refused = await client.post('/api/brands', { name: 'Brand Three' });
    expect(refused.statusCode).toBe(403);
    expect((await client.get('/api/brands')).json().items).toHaveLength(2);
  });

  it('keeps the default brand: no archive, no delete (409)', async () => {
    const { client, defaultBrand } = await orgOn('scale');
    expect((await client.patch(`/api/brands/${defaultBrand.id}`, { archived: true })).statusCode).toBe(409);
    expect((await client.delete(`/api/brands/${defaultBrand.id}`)).statusCode).toBe(409);
  });

  it('another organization’s brand answers 404 on every route', async () => {
    const mine = await orgOn('scale');
    const theirs = await orgOn('scale');
    const id = theirs.defaultBrand.id;
    expect((await mine.client.get(`/api/brands/${id}`)).statusCode).toBe(404);
    expect((await mine.client.patch(`/api/brands/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await mine.client.delete(`/api/brands/${id}`)).statusCode).toBe(404);
    expect((await mine.client.get(`/api/brands/${id}/logo`)).statusCode).toBe(404);
    expect((await mine.client.delete(`/api/brands/${id}/logo`)).statusCode).toBe(404);
    const upload = multipartFile('logo.png', PNG, 'image/png');
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/brands/${id}/logo`,
      headers: { ...upload.headers, cookie: mine.cookie },
      payload: upload.payload,
    });
    expect(put.statusCode).toBe(404);
  });

  it('delete in use (people, allocations) → 409; reassignTo merges shares and moves people', async () => {
    const { client, orgId, defaultEntity, defaultBrand } = await orgOn('scale');
    const a = (await client.post('/api/brands', { name: 'A' })).json();
    const person = await buildPerson(db(), orgId, { brandId: a.id });
    const app = await buildSubscription(db(), orgId);
    await client.put(`/api/allocations/subscription/${app.id}`, {
      shares: [
        { entityId: defaultEntity.id, brandId: a.id, percent: 60 },
        { entityId: defaultEntity.id, brandId: defaultBrand.id, percent: 40 },
      ],
    });
    expect((await client.get(`/api/brands/${a.id}`)).json()).toMatchObject({
      peopleCount: 1,
      allocationCount: 1,
    });
    const refused = await client.delete(`/api/brands/${a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A is used by 1 allocation and 1 person. Move them to another one first, or delete it with reassignTo.',
    );
    expect((await client.delete(`/api/brands/${a.id}?reassignTo=${defaultBrand.id}`)).statusCode).toBe(204);
    const allocation = (await client.get(`/api/allocations/subscription/${app.id}`)).json();
    expect(allocation.shares).toEqual([
      expect.objectContaining({ brandId: defaultBrand.id, basisPoints: 10_000, percent: 100 }),
    ]);
    const [after] = await db().select().from(people).where(eq(people.id, person!.id));
    expect(after!.brandId).toBe(defaultBrand.id);
  });
});

// 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('brand logos', () => {
  const upload = (cookie: string, id: string, name: string, content: Buffer | string, type: string) => {
    const body = multipartFile(name, content, type);
    return server.app.inject({
      method: 'PUT',
      url: `/api/brands/${id}/logo`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };

  it('stores a PNG, serves it back and deletes it', async () => {
    const { client, cookie } = await orgOn('scale');
    const brand = (await client.post('/api/brands', { name: 'Logo brand' })).json();
    const put = await upload(cookie, brand.id, 'logo.png', PNG, 'image/png');
    expect(put.statusCode).toBe(200);
    expect(put.json().logoUrl).toBe(`/api/brands/${brand.id}/logo`);
    const got = await client.get(`/api/brands/${brand.id}/logo`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await client.delete(`/api/brands/${brand.id}/logo`)).statusCode).toBe(204);
    expect((await client.get(`/api/brands/${brand.id}/logo`)).statusCode).toBe(404);
    expect((await client.get(`/api/brands/${brand.id}`)).json().logoUrl).toBeNull();
  });

  it('serves an SVG sandboxed, as a download', async () => {
    const { client, cookie } = await orgOn('scale');
    const brand = (await client.post('/api/brands', { name: 'Svg brand' })).json();
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await upload(cookie, brand.id, 'logo.svg', svg, 'image/svg+xml')).statusCode).toBe(200);
    const got = await client.get(`/api/brands/${brand.id}/logo`);
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.headers['content-disposition']).toContain('attachment');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses other types (415) and files over 1 MB (413), keeping the old logo', async () => {
    const { client, cookie } = await orgOn('scale');
    const brand = (await client.post('/api/brands', { name: 'Strict brand' })).json();
    await upload(cookie, brand.id, 'logo.png', PNG, 'image/png');
    expect(
      (await upload(cookie, brand.id, 'logo.png', '%PDF-1.4 not an image', 'image/png')).statusCode,
    ).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect((await upload(cookie, brand.id, 'big.png', big, 'image/png')).statusCode).toBe(413);
    const got = await client.get(`/api/brands/${brand.id}/logo`);
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('logo upload needs Scale', async () => {
    const { cookie, defaultBrand } = await orgOn('pro');
    const response = await upload(cookie, defaultBrand.id, 'logo.png', PNG, 'image/png');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('plan_required');
  });
});
