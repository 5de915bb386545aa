import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/test-server';
import {
  citusStatements,
  distributionProblems,
  foreignKeysToDrop,
  readLiveSchema,
  type LiveTable,
} from './citus';
import { TABLES } from './distribution';
import { installFakeCitus, removeFakeCitus } from '../test/fake-citus';
import { requestPathStatements } from '../test/request-paths';
import { loadSqlParser, tenantTablesAcrossShards } from './single-shard';

/** The request the statements Drizzle sends belong to, while the request-path test asks one. */
const inRequest = new AsyncLocalStorage<string>();
const sent: { request: string; statement: string }[] = [];

// The live schema after every migration (and the job queue's own tables), on PGlite or PostgreSQL.
const server = useTestServer({
  queryLogger: {
    logQuery(statement) {
      const request = inRequest.getStore();
      if (request) sent.push({ request, statement });
    },
  },
});

const sql = (text: string) => server.database.query(text);
const problems = async () => distributionProblems(await readLiveSchema(server.database));

/** Plants violations, expects exactly `expected`, then takes them out again and expects none. */
async function expectProblemsWhile(plant: string[], undo: string[], expected: string[]) {
  for (const statement of plant) await sql(statement);
  try {
    expect(await problems()).toEqual(expected);
  } finally {
    for (const statement of undo) await sql(statement);
  }
  expect(await problems()).toEqual([]);
}

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
    await expectProblemsWhile(
      [
        `alter table users add column organization_id uuid`,
        `alter table rate_limits add column organization_id uuid not null default gen_random_uuid()`,
      ],
      [
        `alter table users drop column organization_id`,
        `alter table rate_limits drop column organization_id`,
      ],
      [
        'rate_limits has a NOT NULL organization_id: declare it a tenant table',
        'users has organization_id but is declared a reference table',
      ],
    );
  });

  it('fails on ON DELETE SET NULL or SET DEFAULT in a foreign key holding organization_id (Citus refuses it)', async () => {
    const vendorKey = `alter table expenses add constraint expenses_vendor_fk foreign key (organization_id, vendor_id)
      references vendors (organization_id, id)`;
    await expectProblemsWhile(
      [
        `alter table expenses drop constraint expenses_vendor_fk`,
        `${vendorKey} on delete set null (vendor_id)`,
        `alter table budgets add column vendor_id uuid`,
        `alter table budgets add constraint budgets_vendor_fk foreign key (organization_id, vendor_id)
           references vendors (organization_id, id) on delete set default`,
      ],
      [
        `alter table budgets drop column vendor_id`,
        `alter table expenses drop constraint expenses_vendor_fk`,
        vendorKey,
      ],
      [
        "budgets.budgets_vendor_fk: ON DELETE SET DEFAULT with organization_id in the key (clear it in the owner's delete)",
        "expenses.expenses_vendor_fk: ON DELETE SET NULL with organization_id in the key (clear it in the owner's delete)",
      ],
    );
  });

  it('keeps SET NULL on a reference to users: the key does not hold organization_id', async () => {
    const live = await readLiveSchema(server.database);
    const owner = live
      .find((t) => t.name === 'subscriptions')
      ?.foreignKeys.find((f) => f.references === 'users');
    expect(owner).toMatchObject({ columns: ['owner_user_id'], onDelete: 'n' });
    const tenantKeys = live.flatMap((t) =>
      t.foreignKeys.filter((f) => f.columns.includes('organization_id')),
    );
    expect(tenantKeys.filter((f) => f.onDelete === 'n' || f.onDelete === 'd')).toEqual([]);
  });

  it('fails on a trigger of a reference table, and on a trigger of a tenant table writing a table not sharded with it', async () => {
    await expectProblemsWhile(
      [
        `create function rogue_touch() returns trigger language plpgsql as $$
          begin insert into rate_limits (key, count, reset_at) values ('x', 1, now()); return null; end $$`,
        `create trigger users_rogue after insert on users for each statement execute function rogue_touch()`,
        `create trigger budgets_rogue after insert on budgets for each statement execute function rogue_touch()`,
      ],
      [
        `drop trigger users_rogue on users`,
        `drop trigger budgets_rogue on budgets`,
        `drop function rogue_touch()`,
      ],
      [
        'budgets: trigger budgets_rogue writes the global table rate_limits',
        'users: trigger users_rogue on a reference table',
      ],
    );
  });

  it('leaves no trigger on a reference table (migration 0035 moved the last three into the writers)', async () => {
    const live = await readLiveSchema(server.database);
    const references = live.filter((t) => TABLES[t.name] === 'reference');
    expect(references.map((t) => t.name)).toEqual(expect.arrayContaining(['organizations', 'users']));
    expect(references.flatMap((t) => t.triggers.map((trigger) => trigger.name))).toEqual([]);
  });
});
describe('Citus script', () => {
  const blocks = (live: LiveTable[]) => citusStatements(live);
  const calls = (statements: string[], pattern: RegExp) =>
    statements.flatMap((s) => [...s.matchAll(pattern)].map((m) => m[1]!));

  it('sets unsafe triggers, sets the foreign keys aside, makes reference tables, distributes tenant tables, then adds every key back as it was', async () => {
    const live = await readLiveSchema(server.database);
    const statements = blocks(live);
    const tenants = Object.keys(TABLES).filter((t) => TABLES[t] === 'tenant');
    const references = Object.keys(TABLES).filter((t) => TABLES[t] === 'reference');
    const created = calls(statements, /PERFORM create_reference_table\('(\w+)'\)/g);
    expect([...created].sort()).toEqual([...references].sort());
    const distributed = calls(statements, /PERFORM create_distributed_table\('(\w+)', 'organization_id'/g);
    expect([...distributed].sort()).toEqual([...tenants].sort());
    const anchor = distributed[0]!;
    for (const statement of statements.filter((s) => s.includes('create_distributed_table'))) {
      if (statement.includes(`create_distributed_table('${anchor}'`)) continue;
      expect(statement).toContain(`, colocate_with => '${anchor}')`);
    }
    const position = (table: string) => distributed.indexOf(table);
    expect(position('subscriptions')).toBeLessThan(position('expenses'));
    expect(position('license_pools')).toBeLessThan(position('license_assignments'));
    expect(position('notifications')).toBeLessThan(position('notification_deliveries'));

    // Order: every drop, then every create_*, then every add; each guarded by what Citus did.
    const index = (pattern: RegExp) =>
      statements.map((s, i) => (pattern.test(s) ? i : -1)).filter((i) => i >= 0);
    const drops = index(/DROP CONSTRAINT IF EXISTS/);
    const creates = index(/PERFORM create_(reference|distributed)_table/);
    const adds = index(/ADD CONSTRAINT/);
    expect(Math.max(...drops)).toBeLessThan(Math.min(...creates));
    expect(Math.max(...creates)).toBeLessThan(Math.min(...adds));
    expect(
      Math.max(
        ...calls(statements, /PERFORM create_reference_table\('(\w+)'/g).map((t) =>
          statements.findIndex((s) => s.includes(`create_reference_table('${t}')`)),
        ),
      ),
    ).toBeLessThan(Math.min(...creates.filter((i) => statements[i]!.includes('create_distributed_table'))));
    for (const i of creates) {
      expect(statements[i]).toMatch(
        /^DO \$\$ BEGIN\n {2}PERFORM set_config\('citus.enable_unsafe_triggers', 'on', true\);\n {2}IF exists \(select 1 from pg_dist_partition where logicalrelid = '\w+'::regclass and partkey is null and repmodel <> 't'\) THEN\n {4}PERFORM undistribute_table\('\w+'\);\n {2}END IF;\n {2}IF NOT exists \(select 1 from pg_dist_partition/,
      );
    }

    // Every foreign key between two tables Citus manages is dropped once and added back identical.
    const keys = foreignKeysToDrop(live);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.some(({ fk }) => fk.references === 'organizations')).toBe(true);
    expect(keys.some(({ table }) => table === 'sessions')).toBe(false);
    for (const { table, fk } of keys) {
      expect(
        statements.filter((s) => s.includes(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${fk.name};`)),
      ).toHaveLength(1);
      expect(
        statements.filter((s) =>
          s.includes(`ALTER TABLE ${table} ADD CONSTRAINT ${fk.name} ${fk.definition} NOT VALID;`),
        ),
      ).toHaveLength(1);
      expect(statements).toContain(`ALTER TABLE ${table} VALIDATE CONSTRAINT ${fk.name};`);
    }
  });

  describe('on a fake Citus (the checks Citus documents, as stub functions and pg_dist_partition)', () => {
    const constraints = async () =>
      (
        await sql(
          `select conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated as def
           from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1`,
        )
      ).rows.map((r) => String(r.def));
    const citusKinds = async () =>
      Object.fromEntries(
        (
          await sql(
            `select logicalrelid::text as t, partmethod::text || repmodel::text as k from pg_dist_partition`,
          )
        ).rows.map((r) => [String(r.t), String(r.k)]),
      );

    it('refuses what Citus refuses: triggers without the setting, SET NULL with the distribution key, a table already in the metadata', async () => {
      await installFakeCitus(server.database);
      try {
        await sql(`set citus.enable_unsafe_triggers = off`);
        await expect(
          sql(`select create_distributed_table('subscriptions', 'organization_id')`),
        ).rejects.toThrow(/because it has triggers/);
        await sql(
          `create table fake_parent (organization_id uuid, id uuid, primary key (organization_id, id))`,
        );
        await sql(`select create_distributed_table('fake_parent', 'organization_id')`);
        await sql(`create table fake_child (organization_id uuid, id uuid, parent_id uuid, primary key (organization_id, id),
          foreign key (organization_id, parent_id) references fake_parent on delete set null (parent_id))`);
        await expect(sql(`select create_distributed_table('fake_child', 'organization_id')`)).rejects.toThrow(
          /SET NULL or SET DEFAULT is not supported in ON DELETE operation when distribution key is included/,
        );
        await expect(
          sql(`select create_distributed_table('fake_parent', 'organization_id')`),
        ).rejects.toThrow(/already distributed/);
        await sql(`drop table fake_child`);
        await sql(`create table fake_child (organization_id uuid, id uuid, parent_id uuid, primary key (organization_id, id),
          foreign key (organization_id, parent_id) references fake_parent)`);
        await sql(`select undistribute_table('fake_parent')`);
        await expect(sql(`select create_distributed_table('fake_child', 'organization_id')`)).rejects.toThrow(
          /not a reference table or a distributed table/,
        );
      } finally {
        await sql(`drop table if exists fake_child, fake_parent`);
        await removeFakeCitus(server.database);
      }
    });

    it('runs top to bottom, again without doing anything twice, and after a failure halfway; every foreign key comes back as it was', async () => {
      const before = await constraints();
      const statements = citusStatements(await readLiveSchema(server.database));
      // As psql -f runs it: one statement after the other, each committed on its own.
      const run = async () => {
        for (const statement of statements) await sql(statement);
      };
      await installFakeCitus(server.database);
      try {
        // Citus already turned group_offers into a Citus local table (the coordinator is in the metadata).
        await sql(`insert into pg_dist_partition values ('group_offers', 'n', null, 0, 's')`);
        // Halfway: distributing expenses fails once (a worker down); the script stops there.
        await sql(`insert into fake_citus_failures values ('expenses')`);
        await expect(run()).rejects.toThrow(/fake failure: expenses/);
        expect((await citusKinds()).expenses).toBeUndefined();
        expect(await constraints()).not.toEqual(before);
        await sql(`delete from fake_citus_failures`);
        await run();
        const kinds = await citusKinds();
        for (const [table, kind] of Object.entries(TABLES)) {
          if (kind === 'reference') expect(kinds[table], table).toBe('nt');
          if (kind === 'tenant') expect(kinds[table], table).toBe('hs');
        }
        expect(kinds.sessions).toBe('ns'); // a global table referencing users: a Citus local table, as on Citus
        expect(await constraints()).toEqual(before);
        const { rows: calls } = await sql(`select count(*)::int as n from fake_citus_calls`);
        await run();
        const { rows: again } = await sql(`select count(*)::int as n from fake_citus_calls`);
        expect(again[0]!.n).toBe(calls[0]!.n);
        expect(await constraints()).toEqual(before);
        const { rows: undistributed } = await sql(
          `select call from fake_citus_calls where call like 'undistribute%'`,
        );
        expect(undistributed.map((r) => r.call)).toEqual(['undistribute_table(group_offers)']);
      } finally {
        await removeFakeCitus(server.database);
      }
      expect(await problems()).toEqual([]);
    });
  });
});

/**
 * Request-path statements that reach every shard by design, each with the row of docs/deploy.md
 * ("Which queries stay on one shard") that explains it: the tables they leave unpinned and their shape.
 */
const ACROSS_SHARDS = [
  {
    row: "The user's organizations",
    tables: ['memberships'],
    shape: /from "memberships" inner join "organizations" .* where "memberships"\."user_id" = \$1 order by/,
  },
  {
    row: 'Accepting an invitation by token',
    tables: ['invitations'],
    shape: /from "invitations" .* where "invitations"\."token_hash" = \$1 limit/,
  },
];

describe('statements of request paths', () => {
  it('reach one shard: every tenant table pinned to the organization, bar the documented exceptions', async () => {
    const answered = await requestPathStatements(server.app, (request, ask) =>
      inRequest.run(request, async () => await ask()),
    );
    // The demo company's screens really answered: GET routes and the everyday writes.
    const ok = Object.values(answered).filter((status) => status < 300).length;
    expect(ok, JSON.stringify(answered)).toBeGreaterThan(120);
    for (const [request, status] of Object.entries(answered)) {
      if (!request.startsWith('GET ')) expect(status, request).toBeLessThan(300);
    }

    await loadSqlParser();
    const requestsOf = new Map<string, Set<string>>();
    for (const { request, statement } of sent) {
      requestsOf.set(statement, (requestsOf.get(statement) ?? new Set()).add(request));
    }
    const unexplained: string[] = [];
    const seen = new Set<string>();
    for (const [statement, requests] of requestsOf) {
      const tables = tenantTablesAcrossShards(statement);
      if (tables.length === 0) continue;
      const known = ACROSS_SHARDS.find((e) => e.shape.test(statement) && e.tables.join() === tables.join());
      if (known) seen.add(known.row);
      else unexplained.push(`${tables.join(', ')} in ${[...requests][0]}: ${statement}`);
    }
    expect(requestsOf.size).toBeGreaterThan(200);
    expect(unexplained, 'statements that would reach every shard on Citus').toEqual([]);
    expect([...seen].sort()).toEqual(ACROSS_SHARDS.map((e) => e.row).sort());
    const deploy = readFileSync(path.join(process.cwd(), 'docs/deploy.md'), 'utf8');
    for (const { row } of ACROSS_SHARDS) expect(deploy, row).toContain(`| ${row} (`);
  }, 240_000);
});
