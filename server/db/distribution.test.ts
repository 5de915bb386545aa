import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/test-server';
import { citusStatements, distributionProblems, readLiveSchema } from './citus';
import { TABLES } from './distribution';

// The live schema after every migration (and the job queue's own tables), on PGlite or PostgreSQL.
const server = useTestServer();

const sql = (text: string) => server.database.query(text);
const problems = async () => distributionProblems(await readLiveSchema(server.database));

describe('distribution by organization_id', () => {
  it('finds every table declared and every tenant key, unique index and foreign key with organization_id', async () => {
    const live = await readLiveSchema(server.database);
    expect(live.some((t) => t.name.startsWith('pgboss.'))).toBe(true);
    expect(live.some((t) => t.name === 'drizzle.__drizzle_migrations')).toBe(true);
    expect(distributionProblems(live)).toEqual([]);
    const expenses = live.find((t) => t.name === 'expenses');
    expect(expenses?.uniques.find((u) => u.primary)?.columns).toEqual(['organization_id', 'id']);
    expect(expenses?.foreignKeys.find((f) => f.name === 'expenses_subscription_fk')).toMatchObject({
      columns: ['organization_id', 'subscription_id'],
      references: 'subscriptions',
      referencedColumns: ['organization_id', 'id'],
    });
  });

  it('fails on an undeclared table, a key or unique index without organization_id, a single-column or global foreign key', async () => {
    await sql(`create table rogue (id uuid primary key)`);
    await sql(`create unique index vendors_domain_idx on vendors (domain)`);
    await sql(
      `alter table expenses add constraint expenses_session_fk foreign key (vendor_id) references sessions (id)`,
    );
    await sql(`alter table budgets drop constraint budgets_pkey, add primary key (id)`);
    await sql(`alter table budgets add column scope_vendor_id uuid references budgets (id)`);
    try {
      expect(await problems()).toEqual([
        'budgets: primary key lacks organization_id',
        'budgets.budgets_scope_vendor_id_fkey → budgets lacks organization_id on both sides',
        'expenses.expenses_session_fk references the global table sessions',
        'rogue is not declared in server/db/distribution.ts',
        'vendors: unique index vendors_domain_idx lacks organization_id',
      ]);
    } finally {
      await sql(`alter table expenses drop constraint expenses_session_fk`);
      await sql(`drop table rogue`);
      await sql(`drop index vendors_domain_idx`);
      await sql(`alter table budgets drop column scope_vendor_id`);
      await sql(
        `alter table budgets drop constraint budgets_pkey, add constraint budgets_pkey primary key (organization_id, id)`,
      );
    }
    expect(await problems()).toEqual([]);
  });

  it('fails on organization_id in a reference table and a NOT NULL organization_id in a global one', async () => {
    await sql(`alter table users add column organization_id uuid`);
    await sql(`alter table rate_limits add column organization_id uuid not null default gen_random_uuid()`);
    try {
      expect(await problems()).toEqual([
        'rate_limits has a NOT NULL organization_id: declare it a tenant table',
        'users has organization_id but is declared a reference table',
      ]);
    } finally {
      await sql(`alter table users drop column organization_id`);
      await sql(`alter table rate_limits drop column organization_id`);
    }
  });
});

describe('Citus statements', () => {
  it('makes reference tables first, then distributes every tenant table by organization_id, referenced tables first', async () => {
    const statements = citusStatements(await readLiveSchema(server.database));
    const tenants = Object.keys(TABLES).filter((t) => TABLES[t] === 'tenant');
    const references = Object.keys(TABLES).filter((t) => TABLES[t] === 'reference');
    expect(references).toEqual(expect.arrayContaining(['organizations', 'users']));
    expect(statements.slice(0, references.length).sort()).toEqual(
      references.map((t) => `SELECT create_reference_table('${t}');`).sort(),
    );
    const distributed = statements.slice(references.length);
    expect(distributed).toHaveLength(tenants.length);
    const anchor = /create_distributed_table\('(\w+)', 'organization_id'\);/.exec(distributed[0])?.[1];
    expect(anchor).toBeDefined();
    const order = distributed.map((s) => /create_distributed_table\('(\w+)'/.exec(s)?.[1]);
    expect([...order].sort()).toEqual([...tenants].sort());
    for (const statement of distributed.slice(1)) {
      expect(statement).toMatch(
        new RegExp(
          `^SELECT create_distributed_table\\('\\w+', 'organization_id', colocate_with => '${anchor}'\\);$`,
        ),
      );
    }
    const position = (table: string) => order.indexOf(table);
    expect(position('subscriptions')).toBeLessThan(position('expenses'));
    expect(position('license_pools')).toBeLessThan(position('license_assignments'));
    expect(position('license_assignments')).toBeLessThan(position('attestation_tokens'));
    expect(position('notifications')).toBeLessThan(position('notification_deliveries'));
  });

  it('leaves out what Citus already manages, colocating new tenant tables with a distributed one', async () => {
    const live = await readLiveSchema(server.database);
    const done = new Set(Object.keys(TABLES).filter((t) => t !== 'budgets'));
    expect(citusStatements(live, done)).toEqual([
      expect.stringMatching(
        /^SELECT create_distributed_table\('budgets', 'organization_id', colocate_with => '\w+'\);$/,
      ),
    ]);
  });
});
