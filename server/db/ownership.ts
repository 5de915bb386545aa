/**
 * The one owner of every table (issue 14): only the owner's code queries it, everyone else calls
 * what the owner exports (`server/modules/<owner>/index.ts`). Keys are the Drizzle table objects
 * exported by `server/db/schema`; the owner is the module that writes the rows (a folder under
 * `server/modules/`), or platform code: `lib` (server/lib), `jobs` (server/jobs), `email`
 * (server/email). `server/db/ownership.test.ts` reads every import of the schema and fails on a
 * table imported outside its owner, or on a table missing here. Seeders and factories
 * (`scripts/`, `server/test/`) may still reach in.
 */
export const TABLE_OWNERS = {
  // Identity: the guard reads session, user, membership and organization in one query on every
  // request (server/plugins/auth.ts), so one module owns all four; invitations (which join the
  // inviter and the organization) go with memberships.
  organizations: 'organizations',
  memberships: 'organizations',
  users: 'organizations',
  sessions: 'organizations',
  passwordResetTokens: 'organizations',
  invitations: 'organizations',
  // Written only by the subscriptions triggers (migration 0018), read with the session in the
  // guard's one query: the identity query owns it, as it owns the organization row.
  subscriptionVersions: 'organizations',
  stripeEvents: 'billing',

  vendors: 'vendors',
  subscriptions: 'subscriptions',
  subscriptionPriceChanges: 'subscriptions',
  subscriptionTotals: 'subscriptions',
  renewalCalendar: 'subscriptions',
  settingsItems: 'settings-lists',
  imports: 'imports',
  contracts: 'contracts',
  contractDocuments: 'contracts',
  renewalDecisions: 'renewals',

  people: 'people',
  licensePools: 'licenses',
  licenseAssignments: 'licenses',
  attestationTokens: 'attestations',

  expenseImportBatches: 'expenses',
  expenses: 'expenses',
  expenseRules: 'expenses',
  expenseDayTotals: 'expenses',
  budgets: 'budgets',
  invoiceForwardingSettings: 'invoice-forwarding',
  inboundMessages: 'invoice-forwarding',
  // Entities, brands and how things are split between them (issue 19).
  entities: 'entities',
  brands: 'entities',
  allocations: 'entities',
  allocationShares: 'entities',
  departmentAllocations: 'entities',
  brandRevenue: 'entities',
  fxRates: 'fx-rates',
  reportSchedules: 'report-schedules',
  reportDeliveries: 'report-schedules',
  analyticsViews: 'analytics',
  // Analytics' read model and what it no longer reflects (migration 0036).
  analyticsSpendCells: 'analytics',
  analyticsSpendDirty: 'analytics',
  analyticsSpendGroups: 'analytics',
  // Written only by the expenses triggers (migration 0024).
  expenseMonthTotals: 'expenses',

  notifications: 'notifications',
  insightOpportunities: 'insights',
  insightComments: 'insights',
  insightSettings: 'insights',
  benchmarkSettings: 'benchmarks',
  peerBenchmarks: 'benchmarks',
  peerBenchmarkRuns: 'benchmarks',
  groupOffers: 'benchmarks',
  groupOfferRequests: 'benchmarks',
  notificationSettings: 'alerts',
  notificationPreferences: 'alerts',
  notificationDeliveries: 'alerts',
  auditEvents: 'audit',
  ssoConnections: 'sso',
  ssoDomains: 'sso',
  ssoLoginStates: 'sso',
  samlAssertionIds: 'sso',
  apiKeys: 'api-keys',
  scimTokens: 'scim',
  scimGroups: 'scim',
  scimGroupMembers: 'scim',
  connections: 'connectors',
  connectorRuns: 'connectors',
  connectorOauthStates: 'connectors',
  discoveredApps: 'connectors',
  connectorActivity: 'connectors',
  contactRequests: 'public-forms',

  domainEvents: 'lib',
  handledEvents: 'lib',
  storedFiles: 'lib',
  storedFileChunks: 'lib',
  rateLimits: 'lib',
  jobRuns: 'jobs',
  outbox: 'email',
} as const;

export type TableOwner = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS];

/** Platform owners and the folder (under server/) whose code they are. */
export const PLATFORM_OWNERS = { lib: 'lib', jobs: 'jobs', email: 'email' } as const;

/**
 * Platform folders that write a module's table for it: every module records audit events through
 * `server/lib/audit` (so none depends on the audit module, which reads the log).
 */
export const PLATFORM_WRITERS: Record<string, string> = { 'lib/audit': 'audit' };

/**
 * The one file of server/db that writes other owners' tables: before an owner deletes rows others
 * reference, it sets those references to null (`clearReferencesTo`), which `ON DELETE SET NULL` did
 * until Citus ruled it out (issue 34). It reads the foreign keys from the schema; nothing else in
 * server/db (the database client aside, which types Drizzle with the schema) imports the tables.
 */
export const REFERENCE_CLEARER = 'db/clear-references.ts';

/** The owner a server file's code speaks for (`server/modules/<m>/…` → m), or null (plugins…). */
export function ownerOfFile(pathFromServer: string): string | null {
  const writer = Object.keys(PLATFORM_WRITERS).find((folder) => pathFromServer.startsWith(`${folder}/`));
  if (writer) return PLATFORM_WRITERS[writer]!;
  const [top, name] = pathFromServer.split('/');
  if (top === 'modules') return name ?? null;
  return top && top in PLATFORM_OWNERS ? top : null;
}
