import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlParser, tenantTablesAcrossShards as across } from './single-shard';

beforeAll(() => loadSqlParser());

describe('which tenant tables a statement leaves across shards', () => {
  it('pins a table compared with a constant, a parameter or one value, through AND', () => {
    expect(across(`select * from "subscriptions" where "subscriptions"."organization_id" = $1`)).toEqual([]);
    expect(across(`select * from subscriptions s where s.id = $2 and s.organization_id = $1::uuid`)).toEqual(
      [],
    );
    expect(across(`select * from subscriptions where organization_id in ($1)`)).toEqual([]);
    expect(
      across(`select * from subscriptions where organization_id = 'b3f0c7a2-0000-4000-8000-000000000000'`),
    ).toEqual([]);
  });

  it('leaves a table filtered by anything else, by several organizations, or through OR', () => {
    expect(across(`select * from subscriptions where id = $1`)).toEqual(['subscriptions']);
    expect(across(`update expense_import_batches set status = 'done' where id = $1`)).toEqual([
      'expense_import_batches',
    ]);
    expect(across(`select * from memberships where user_id = $1`)).toEqual(['memberships']);
    expect(across(`select * from subscriptions where organization_id = any($1)`)).toEqual(['subscriptions']);
    expect(across(`select * from subscriptions where organization_id in ($1, $2)`)).toEqual([
      'subscriptions',
    ]);
    expect(across(`select * from subscriptions where organization_id = $1 or id = $2`)).toEqual([
      'subscriptions',
    ]);
  });

  it('pins a table joined on organization_id to a pinned one, and not one joined on another column', () => {
    const colocated = `select * from subscriptions s join expenses e
      on e.organization_id = s.organization_id and e.subscription_id = s.id where s.organization_id = $1`;
    expect(across(colocated)).toEqual([]);
    const byIdOnly = `select * from subscriptions s left join expenses e on e.subscription_id = s.id
      where s.organization_id = $1`;
    expect(across(byIdOnly)).toEqual(['expenses']);
  });

  it('follows correlated subqueries, lateral joins, CTEs and set operations', () => {
    expect(
      across(`select * from subscriptions s where s.organization_id = $1 and exists
        (select 1 from license_pools p where p.organization_id = s.organization_id and p.subscription_id = s.id)`),
    ).toEqual([]);
    expect(
      across(`select * from subscriptions s, lateral (select count(*) from expenses e
        where e.subscription_id = s.id) x where s.organization_id = $1`),
    ).toEqual(['expenses']);
    expect(
      across(`select * from inbound_messages m left join (select id, organization_id, name from subscriptions) app
        on app.organization_id = m.organization_id and app.id = m.subscription_id where m.organization_id = $1`),
    ).toEqual([]);
    expect(
      across(`select * from inbound_messages m left join (select id, name from subscriptions) app
        on app.id = m.subscription_id where m.organization_id = $1`),
    ).toEqual(['subscriptions']);
    expect(
      across(`with recent as (select * from expenses where organization_id = $1)
        select * from recent join vendors v on v.organization_id = $1`),
    ).toEqual([]);
    expect(
      across(`select id from subscriptions where organization_id = $1 union all select id from vendors`),
    ).toEqual(['vendors']);
  });

  it('routes an insert by its values, and checks the rows an insert … select reads', () => {
    expect(
      across(`insert into subscriptions (organization_id, name) values ($1, $2) on conflict do nothing`),
    ).toEqual([]);
    expect(
      across(`insert into expense_month_totals (organization_id) select organization_id from expenses`),
    ).toEqual(['expenses']);
  });

  it('ignores reference and global tables, and statements without a table', () => {
    expect(across(`select * from organizations o join users u on u.id = o.owner_id where o.id = $1`)).toEqual(
      [],
    );
    expect(across(`select * from sessions where token_hash = $1`)).toEqual([]);
    expect(across(`select 1`)).toEqual([]);
    expect(across(`begin`)).toEqual([]);
  });
});
