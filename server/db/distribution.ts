import { QUEUE_SCHEMA } from '../lib/queue/job-queue';

/**
 * Where each table lives on a Citus cluster (docs/deploy.md). One entry per table of the public
 * schema; `server/db/distribution.test.ts` checks it against the live schema and
 * `npm run db:citus-ddl` turns it into the create_*_table statements.
 *
 * - `tenant`: has a NOT NULL organization_id, distributed (sharded) by it. Its primary key, unique
 *   indexes and foreign keys to other tenant tables include organization_id.
 * - `reference`: no organization_id, copied to every node, so tenant tables may join it and keep
 *   foreign keys to it. Small and read far more often than written.
 * - `global`: stays on the coordinator (installation-wide state: sessions, queues, rate limits,
 *   stored files). A nullable organization_id here is an attribute, not a key: such tables hold
 *   rows that belong to no organization (password-reset e-mails, sign-in audit, unmatched Stripe
 *   events), which a table distributed by organization_id cannot store.
 */
export type TableKind = 'tenant' | 'reference' | 'global';

/** The distribution column of every tenant table. */
export const TENANT_COLUMN = 'organization_id';

export const TABLES: Record<string, TableKind> = {
  // Referenced by every tenant table (organization_id, created_by, owner…): one row per tenant or user.
  organizations: 'reference',
  users: 'reference',
  // Installation-wide benchmark figures and operator offers: small, read by every organization.
  peer_benchmarks: 'reference',
  group_offers: 'reference',
  peer_benchmark_runs: 'reference',

  sessions: 'global',
  password_reset_tokens: 'global',
  rate_limits: 'global',
  contact_requests: 'global',
  job_runs: 'global',
  stored_files: 'global',
  stored_file_chunks: 'global',
  outbox: 'global',
  audit_events: 'global',
  // Found by their token or domain before the organization is known (like sessions).
  sso_domains: 'global',
  sso_login_states: 'global',
  api_keys: 'global',
  scim_tokens: 'global',
  stripe_events: 'global',

  memberships: 'tenant',
  invitations: 'tenant',
  vendors: 'tenant',
  settings_items: 'tenant',
  imports: 'tenant',
  subscriptions: 'tenant',
  subscription_price_changes: 'tenant',
  contracts: 'tenant',
  contract_documents: 'tenant',
  renewal_decisions: 'tenant',
  people: 'tenant',
  license_pools: 'tenant',
  license_assignments: 'tenant',
  attestation_tokens: 'tenant',
  expense_import_batches: 'tenant',
  expenses: 'tenant',
  expense_rules: 'tenant',
  budgets: 'tenant',
  notifications: 'tenant',
  insight_opportunities: 'tenant',
  insight_comments: 'tenant',
  insight_settings: 'tenant',
  notification_settings: 'tenant',
  notification_preferences: 'tenant',
  notification_deliveries: 'tenant',
  domain_events: 'tenant',
  handled_events: 'tenant',
  subscription_totals: 'tenant',
  expense_day_totals: 'tenant',
  renewal_calendar: 'tenant',
  subscription_versions: 'tenant',
  benchmark_settings: 'tenant',
  group_offer_requests: 'tenant',
  invoice_forwarding_settings: 'tenant',
  inbound_messages: 'tenant',
  entities: 'tenant',
  brands: 'tenant',
  allocations: 'tenant',
  allocation_shares: 'tenant',
  department_allocations: 'tenant',
  fx_rates: 'tenant',
  brand_revenue: 'tenant',
  expense_month_totals: 'tenant',
  report_schedules: 'tenant',
  report_deliveries: 'tenant',
  sso_connections: 'tenant',
  saml_assertion_ids: 'tenant',
  scim_groups: 'tenant',
  scim_group_members: 'tenant',
  connections: 'tenant',
  connector_runs: 'tenant',
  connector_oauth_states: 'tenant',
  discovered_apps: 'tenant',
  connector_activity: 'tenant',
  analytics_views: 'tenant',
  analytics_spend_cells: 'tenant',
  analytics_spend_dirty: 'tenant',
  analytics_spend_groups: 'tenant',
};

/** Schemas other than public whose every table is global: migrations' journal and the job queue. */
export const GLOBAL_SCHEMAS = ['drizzle', QUEUE_SCHEMA];
