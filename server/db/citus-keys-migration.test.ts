import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../lib/clock';
import { api, buildOrgOwner } from '../test/factories';
import { getTestServer, openTestDatabase, type TestServer } from '../test/test-server';
import { clearReferencesTo } from './clear-references';
import { migrationsFolder, type Database } from './client';
import { TABLES } from './distribution';
import { vendors } from './schema';

// The composite keys migration runs on installations that already hold data: the demo company is
// loaded through the API on the schema before it, then the whole chain is applied.
const MIGRATION = 'citus_keys';

/** A copy of the migrations folder whose journal stops before this migration. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'stackwise-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${tag}`));
  if (at < 0) throw new Error(`No migration named *_${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const tenantTables = Object.keys(TABLES).filter((table) => TABLES[table] === 'tenant');

/** Rows per tenant table that exists (tables added by later migrations are not there yet). */
async function rowCounts(database: Database, tables = tenantTables) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows: found } = await database.query(`select to_regclass('public.${table}') is not null as ok`);
    if (!found[0].ok) continue;
    const { rows } = await database.query(`select count(*)::int as n from ${table}`);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

const STAND_IN_VERSIONS =
  'create table subscription_versions (organization_id uuid primary key, version bigint not null)';
/**
 * Today's demo also writes its savings history, reads seats' activity signal, chooses Starter's
 * benchmark tools and makes a group of entities and brands (migrations 0019, 0020, 0022, 0024):
 * their own statements stand in, and go again before the rows are counted.
 */
const STAND_IN_LATER = [
  ...['0019_insights.sql', '0020_activity_signal.sql', '0022_benchmarks.sql'].flatMap((file) =>
    readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint'),
  ),
  // Entities and brands (0024): the demo makes a group. Not its list-version triggers (their function
  // comes with 0018), its dropping of the old columns (the chain drops them when it runs) nor its
  // triggers on organizations (today's app makes the default entity and brand itself: 0035).
  ...readFileSync(path.join(migrationsFolder, '0024_entities_brands.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .filter(
      (statement) => !/subscription_versions_bump|DROP COLUMN|CREATE TRIGGER organizations_/.test(statement),
    ),
  // Reports and analytics (0025): the app reads organizations' report branding and the demo schedules reports.
  ...readFileSync(path.join(migrationsFolder, '0025_reports_analytics.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // Analytics rollup (0026): the expenses' monthly rollup keyed by their own category, department… too.
  ...readFileSync(path.join(migrationsFolder, '0026_analytics_rollup.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // Enterprise access (0028): sign-in reads SSO domains, the audit log its new columns. Not the
  // SCIM members' key to people (organization_id, id), which the chain gives people later.
  ...readFileSync(path.join(migrationsFolder, '0028_enterprise_access.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => !statement.includes('scim_group_members_person_fk')),
  // Report deliveries' heartbeat (0029): the demo's deliveries write it.
  ...readFileSync(path.join(migrationsFolder, '0029_report_delivery_heartbeat.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // Issue 31: the insights' decisions (0030), spend without ignored charges (0031), price changes
  // from charges (0032); issue 32: applications' cancellation date (0033); issue 33: the audit
  // log's system actor (0034). The demo writes all five.
  ...[
    '0030_insight_decision.sql',
    '0031_spend_without_ignored.sql',
    '0032_price_change_source_charge.sql',
    '0033_subscription_cancelled_on.sql',
    '0034_audit_system_actor.sql',
  ].flatMap((file) =>
    readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint'),
  ),
  // Issue 35: the demo's Google Workspace connection (0037). Not the discovered applications' key to
  // applications (organization_id, id), which the chain gives applications later.
  ...readFileSync(path.join(migrationsFolder, '0036_analytics_spend_cells.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  ...readFileSync(path.join(migrationsFolder, '0037_connectors.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => !statement.includes('discovered_apps_subscription_fk')),
  // The Okta connection's domain (0038): the demo's connection is read with it.
  ...readFileSync(path.join(migrationsFolder, '0038_connector_site_url.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // Connector seats (0039): the demo marks Google Workspace's pool as kept by its connection.
  ...readFileSync(path.join(migrationsFolder, '0039_provider_seats.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // Accounting connectors (0040): expenses' source id and link back, the connection's provider account.
  ...readFileSync(path.join(migrationsFolder, '0040_accounting_connectors.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // Seats a connector assigned (0044): the provider's sync releases only those.
  ...readFileSync(path.join(migrationsFolder, '0044_assignment_from_connector.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
  // The Okta service app (0045): the connection's client id and sealed private key.
  ...readFileSync(path.join(migrationsFolder, '0045_okta_service_app.sql'), 'utf8').split(
    '--> statement-breakpoint',
  ),
];
const DROP_LATER = [
  'drop table insight_comments, insight_opportunities, insight_settings',
  'alter table license_assignments drop column activity_signal, drop column assigned_from',
  'drop table benchmark_settings, group_offer_requests, group_offers, peer_benchmark_runs, peer_benchmarks',
  'drop function organizations_default_entity_brand, expense_month_totals_apply, fx_rates_reconvert, organizations_currency_reconvert cascade',
  'drop function expense_month_totals_recompute, expense_month_totals_sql, expense_month_totals_delta, fx_rate, currency_exponent',
  'drop table expense_month_totals, brand_revenue, fx_rates, department_allocations, allocation_shares, allocations',
  'alter table people drop column entity_id, drop column brand_id',
  'drop table brands, entities',
  'alter table expenses drop column has_own_allocation',
  'drop table report_deliveries, report_schedules, analytics_views',
  'alter table organizations drop column report_branding',
  'alter table outbox drop column attachments',
  'drop table scim_group_members, scim_groups, scim_tokens, api_keys, saml_assertion_ids, sso_login_states, sso_domains, sso_connections',
  'alter table organizations drop column audit_retention_days',
  'alter table audit_events drop column user_agent, drop column api_key_id, drop column system_actor',
  'drop index audit_events_org_action_idx',
  'alter table people drop column external_id',
  'alter table subscription_price_changes drop column source_expense_id',
  'alter table subscriptions drop column cancelled_on',
  'alter table license_pools drop column seats_source, drop column seats_synced_at',
  'drop table connector_activity, discovered_apps, connector_runs, connector_oauth_states, connections',
  'alter table expenses drop column source_id, drop column source_url',
  'drop table analytics_spend_cells, analytics_spend_groups, analytics_spend_dirty',
  'drop function analytics_spend_dirty_rollup, analytics_spend_dirty_subscriptions, analytics_spend_dirty_shares cascade',
];

let server: TestServer;
let drop: () => Promise<void>;
let oldFolder: string;
beforeAll(async () => {
  oldFolder = migrationsBefore(MIGRATION);
  const opened = await openTestDatabase(oldFolder);
  drop = opened.drop;
  // Today's guard reads subscription_versions (migration 0018) with the session: a stand-in while
  // the app runs on the old schema, dropped before migrating.
  await opened.database.query(STAND_IN_VERSIONS);
  for (const statement of STAND_IN_LATER) await opened.database.query(statement);
  server = await getTestServer({ database: opened.database, clock: fixedClock('2026-03-10T12:00:00Z') });
});
afterAll(async () => {
  await server.close();
  await drop();
  rmSync(oldFolder, { recursive: true, force: true });
});

describe(`migration ${MIGRATION} on existing data`, () => {
  it('keeps every row of the demo company, and the application keeps working on the new keys', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    await server.app.deps.events.drain();
    for (const statement of DROP_LATER) await server.database.query(statement);
    const before = await rowCounts(server.database);
    // The demo company's 62 applications, and its benchmark peers' (other organizations).
    const { rows: demoApps } = await server.database.query(
      'select count(*)::int as n from subscriptions where organization_id = $1',
      [owner.orgId],
    );
    expect(demoApps[0].n).toBe(62);
    expect(before.subscriptions).toBeGreaterThan(62);
    expect(before.expenses).toBeGreaterThan(0);
    expect(before.license_assignments).toBeGreaterThan(0);

    await server.database.query('drop table subscription_versions');
    await server.database.migrate();

    const after = await rowCounts(server.database, Object.keys(before));
    // Migration 0033's backfill of cancellation dates bumps the list-version counter of the
    // organizations it changes (a cache counter, not data: list pages cached before show the new field).
    expect(after.subscription_versions).toBeGreaterThanOrEqual(before.subscription_versions);
    expect({ ...after, subscription_versions: before.subscription_versions }).toEqual(before);
    // Every application already cancelled got a cancellation date, never after its last update.
    const { rows: undated } = await server.database.query(
      `select count(*)::int as n from subscriptions where status = 'cancelled'
         and (cancelled_on is null or cancelled_on > (updated_at at time zone 'UTC')::date)`,
    );
    expect(undated[0].n).toBe(0);
    const { rows: dated } = await server.database.query(
      `select count(*)::int as n from subscriptions where status = 'cancelled' and organization_id = $1`,
      [owner.orgId],
    );
    expect(dated[0].n).toBeGreaterThan(0);
    const { rows: keys } = await server.database.query(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'subscriptions_pkey'`,
    );
    expect(keys[0].def).toBe('PRIMARY KEY (organization_id, id)');
    const list = await client.get('/api/subscriptions?pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(62);
    // A delete cascades through the composite keys: the person's seats go, the people they managed stay.
    const { rows } = await server.database.query(
      `select p.id from people p where exists (select 1 from license_assignments a where a.person_id = p.id) limit 1`,
    );
    const personId = String(rows[0].id);
    const removed = await client.delete(`/api/people/${personId}`);
    expect(removed.statusCode).toBeLessThan(300);
    const { rows: seats } = await server.database.query(
      `select count(*)::int as n from license_assignments where person_id = $1`,
      [personId],
    );
    expect(seats[0].n).toBe(0);
  });

  it('deleting a referenced vendor clears only the reference, never the organization', async () => {
    const { rows } = await server.database.query(
      `select s.id, s.organization_id, s.vendor_id from subscriptions s where s.vendor_id is not null limit 1`,
    );
    const [app] = rows;
    const deleteVendor = `delete from vendors where organization_id = $1 and id = $2`;
    // NO ACTION (migration 0035, Citus): the database refuses; the owner's delete clears first.
    await expect(server.database.query(deleteVendor, [app.organization_id, app.vendor_id])).rejects.toThrow(
      /subscriptions_vendor_fk|expenses_vendor_fk/,
    );
    await clearReferencesTo(server.app.deps.db, vendors, String(app.organization_id), [
      String(app.vendor_id),
    ]);
    await server.database.query(deleteVendor, [app.organization_id, app.vendor_id]);
    const { rows: after } = await server.database.query(
      `select organization_id, vendor_id from subscriptions where id = $1`,
      [app.id],
    );
    expect(after).toEqual([{ organization_id: app.organization_id, vendor_id: null }]);
  });

  it('refuses a reference to another organization’s record', async () => {
    const other = await buildOrgOwner(server.app);
    const { rows } = await server.database.query(
      `select id from vendors where organization_id <> $1 limit 1`,
      [other.orgId],
    );
    await expect(
      server.database.query(
        `insert into subscriptions (organization_id, name, vendor_id) values ($1, 'Cross-tenant', $2)`,
        [other.orgId, rows[0].id],
      ),
    ).rejects.toThrow(/subscriptions_vendor_fk/);
  });
});
