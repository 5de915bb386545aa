import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, SETTINGS_LISTS } from '../../../common/contracts/settings-lists';
import { addMember, api, buildOrgOwner } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const server = useTestServer();

async function owner() {
  const user = await buildOrgOwner(server.app);
  return { ...user, client: api(server.app, user.cookie) };
}

describe('settings lists', () => {
  it('starts a new organization with the default categories and empty other lists', async () => {
    const { client } = await owner();
    const categories = (await client.get('/api/settings/categories')).json();
    expect(categories.map((c: { name: string }) => c.name).sort()).toEqual([...DEFAULT_CATEGORIES].sort());
    for (const list of SETTINGS_LISTS.filter((l) => l !== 'categories')) {
      expect((await client.get(`/api/settings/${list}`)).json()).toEqual([]);
    }
  });

  it('creates, renames and refuses duplicates case-insensitively (409) on every list', async () => {
    const { client } = await owner();
    for (const list of SETTINGS_LISTS) {
      const created = await client.post(`/api/settings/${list}`, { name: ' Alpha ', color: '#112233' });
      expect(created.statusCode, list).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Alpha', color: '#112233', usageCount: 0 });
      const dup = await client.post(`/api/settings/${list}`, { name: 'ALPHA' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('conflict');
      const beta = (await client.post(`/api/settings/${list}`, { name: 'Beta' })).json();
      expect((await client.patch(`/api/settings/${list}/${beta.id}`, { name: 'alpha' })).statusCode).toBe(
        409,
      );
      const renamed = await client.patch(`/api/settings/${list}/${beta.id}`, { name: 'Gamma' });
      expect(renamed.json()).toMatchObject({ id: beta.id, name: 'Gamma' });
      expect((await client.patch(`/api/settings/${list}/${beta.id}`, { name: 'GAMMA' })).statusCode).toBe(
        200,
      );
      expect((await client.post(`/api/settings/${list}`, { name: '' })).statusCode).toBe(400);
      expect((await client.post(`/api/settings/${list}`, { name: 'C', color: 'red' })).statusCode).toBe(400);
    }
  });

  it('counts the applications using each item, for id columns and id arrays alike', async () => {
    const { client } = await owner();
    const a = (await client.post('/api/settings/tags', { name: 'A' })).json();
    const b = (await client.post('/api/settings/tags', { name: 'B' })).json();
    const unused = (await client.post('/api/settings/tags', { name: 'Unused' })).json();
    const [category, otherCategory] = (await client.get('/api/settings/categories')).json();
    await client.post('/api/subscriptions', { name: 'One', tagIds: [a.id, b.id], categoryId: category.id });
    await client.post('/api/subscriptions', { name: 'Two', tagIds: [a.id], categoryId: category.id });
    const usage = async (list: string) =>
      Object.fromEntries(
        (await client.get(`/api/settings/${list}`))
          .json()
          .map((item: { id: string; usageCount: number }) => [item.id, item.usageCount]),
      );
    expect(await usage('tags')).toEqual({ [a.id]: 2, [b.id]: 1, [unused.id]: 0 });
    const categories = await usage('categories');
    expect(categories[category.id]).toBe(2);
    expect(categories[otherCategory.id]).toBe(0);
  });

  it('detaches a deleted item from the applications that used it', async () => {
    const { client } = await owner();
    const tag = (await client.post('/api/settings/tags', { name: 'Critical' })).json();
    const other = (await client.post('/api/settings/tags', { name: 'Other' })).json();
    const card = (await client.post('/api/settings/payment-methods', { name: 'Amex' })).json();
    const project = (await client.post('/api/settings/projects', { name: 'Launch' })).json();
    const [category] = (await client.get('/api/settings/categories')).json();
    const app = (
      await client.post('/api/subscriptions', {
        name: 'Slack',
        tagIds: [tag.id, other.id],
        paymentMethodId: card.id,
        projectIds: [project.id],
        categoryId: category.id,
      })
    ).json();
    expect(
      (await client.get('/api/settings/tags')).json().find((t: { id: string }) => t.id === tag.id).usageCount,
    ).toBe(1);
    const deleted = await client.delete(`/api/settings/tags/${tag.id}`);
    expect(deleted.json()).toEqual({ id: tag.id, detachedFrom: 1 });
    await client.delete(`/api/settings/payment-methods/${card.id}`);
    await client.delete(`/api/settings/projects/${project.id}`);
    await client.delete(`/api/settings/categories/${category.id}`);
    const after = (await client.get(`/api/subscriptions/${app.id}`)).json();
    expect(after).toMatchObject({
      tagIds: [other.id],
      tagNames: ['Other'],
      paymentMethodId: null,
      projectIds: [],
      categoryId: null,
    });
    expect((await client.get('/api/settings/tags')).json().map((t: { name: string }) => t.name)).toEqual([
      'Other',
    ]);
  });

  it("answers 404 for another tenant's item or the wrong list, and limits roles", async () => {
    const a = await owner();
    const b = await owner();
    const theirs = (await b.client.post('/api/settings/tags', { name: 'Theirs' })).json();
    expect((await a.client.patch(`/api/settings/tags/${theirs.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await a.client.delete(`/api/settings/tags/${theirs.id}`)).statusCode).toBe(404);
    expect((await b.client.delete(`/api/settings/categories/${theirs.id}`)).statusCode).toBe(404);
    expect((await b.client.get('/api/settings/tags')).json()).toHaveLength(1);
    const member = api(
      server.app,
      (await addMember(server.app, server.database.db, a.orgId, 'member')).cookie,
    );
    const mine = await member.post('/api/settings/tags', { name: 'Member tag' });
    expect(mine.statusCode).toBe(201);
    expect((await member.delete(`/api/settings/tags/${mine.json().id}`)).statusCode).toBe(403);
    expect((await member.patch(`/api/settings/tags/${mine.json().id}`, { name: 'x' })).statusCode).toBe(403);
    const viewer = api(
      server.app,
      (await addMember(server.app, server.database.db, a.orgId, 'viewer')).cookie,
    );
    expect((await viewer.post('/api/settings/tags', { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.get('/api/settings/tags')).statusCode).toBe(200);
  });
});
