// Connectors (issue 35): providers the organization connects once (OAuth), their sync runs, and the
// applications they discover. Growth and Scale; owners and admins connect, everyone reads.
import { z } from 'zod';
import { instant, type Wire } from './wire';

export const CONNECTOR_PROVIDERS = [
  'google_workspace',
  'entra_id',
  'okta',
  'slack',
  'quickbooks',
  'xero',
] as const;
export type ConnectorProvider = (typeof CONNECTOR_PROVIDERS)[number];

export const CONNECTOR_LABELS: Record<ConnectorProvider, string> = {
  google_workspace: 'Google Workspace',
  entra_id: 'Microsoft Entra ID',
  okta: 'Okta',
  slack: 'Slack',
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
};

/** How a provider is connected: OAuth consent (redirect), or an API token the admin pastes with the org's domain. */
export const CONNECTOR_AUTH_KINDS = ['oauth', 'api_token'] as const;
export type ConnectorAuthKind = (typeof CONNECTOR_AUTH_KINDS)[number];
export const CONNECTOR_AUTH: Record<ConnectorProvider, ConnectorAuthKind> = {
  google_workspace: 'oauth',
  entra_id: 'oauth',
  okta: 'api_token',
  slack: 'oauth',
  quickbooks: 'oauth',
  xero: 'oauth',
};

/** Accounting connectors: their bills and purchases become expenses (source = the provider). */
export const ACCOUNTING_PROVIDERS = ['quickbooks', 'xero'] as const satisfies readonly ConnectorProvider[];
export type AccountingProvider = (typeof ACCOUNTING_PROVIDERS)[number];
export const isAccountingProvider = (p: ConnectorProvider): p is AccountingProvider =>
  (ACCOUNTING_PROVIDERS as readonly string[]).includes(p);
/** Directory connectors: people, discovered applications and sign-ins (the usage and person source). */
export type DirectoryProvider = Exclude<ConnectorProvider, AccountingProvider>;
export const isDirectoryProvider = (p: ConnectorProvider): p is DirectoryProvider => !isAccountingProvider(p);

export const CONNECTION_STATUSES = ['connected', 'syncing', 'needs_reconnect', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type ConnectorRunStatus = (typeof RUN_STATUSES)[number];

export const DISCOVERED_STATUSES = ['new', 'added', 'ignored'] as const;
export type DiscoveredStatus = (typeof DISCOVERED_STATUSES)[number];

/** What a run counted: people created/updated/offboarded, activity events read, apps discovered. */
export const runCounts = z.object({
  peopleCreated: z.number().int(),
  peopleUpdated: z.number().int(),
  peopleOffboarded: z.number().int(),
  events: z.number().int(),
  appsDiscovered: z.number().int(),
  seatsUpdated: z.number().int(),
  pages: z.number().int(),
  /** Accounting connectors: bills and purchases that became expenses, were updated, or went (deleted, voided). */
  expensesImported: z.number().int(),
  expensesUpdated: z.number().int(),
  expensesRemoved: z.number().int(),
});
export type RunCounts = z.infer<typeof runCounts>;

export const emptyRunCounts = (): RunCounts => ({
  peopleCreated: 0,
  peopleUpdated: 0,
  peopleOffboarded: 0,
  events: 0,
  appsDiscovered: 0,
  seatsUpdated: 0,
  pages: 0,
  expensesImported: 0,
  expensesUpdated: 0,
  expensesRemoved: 0,
});

export const connectorRun = z.object({
  id: z.uuid(),
  status: z.enum(RUN_STATUSES),
  reason: z.enum(['connect', 'daily', 'manual']),
  /** The step running or last run ("users", "token", "login"). */
  step: z.string().nullable(),
  counts: runCounts,
  error: z.string().nullable(),
  startedAt: instant,
  finishedAt: instant.nullable(),
});

export const connectorState = z.object({
  provider: z.enum(CONNECTOR_PROVIDERS),
  label: z.string(),
  auth: z.enum(CONNECTOR_AUTH_KINDS),
  /** Whether the installation has the provider's OAuth client (else Connect is not offered); API-token providers always are. */
  configured: z.boolean(),
  connection: z
    .object({
      id: z.uuid(),
      status: z.enum(CONNECTION_STATUSES),
      accountEmail: z.string().nullable(),
      /** The organization's own address at the provider (Okta: https://acme.okta.com); null for OAuth providers. */
      siteUrl: z.string().nullable(),
      scopes: z.array(z.string()),
      lastSyncAt: instant.nullable(),
      connectedAt: instant,
      lastRun: connectorRun.nullable(),
    })
    .nullable(),
});
export const connectorsResponse = z.object({ connectors: z.array(connectorState) });
export type ConnectorsList = Wire<typeof connectorsResponse>;
export type ConnectorState = Wire<typeof connectorState>;

export const providerParams = z.object({ provider: z.enum(CONNECTOR_PROVIDERS) });
export const connectResponse = z.object({ authorizeUrl: z.string() });
export const oauthCallbackQuery = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
  /** QuickBooks Online: the company (realm) the admin chose. */
  realmId: z.string().max(100).optional(),
});
/** How an API-token provider (Okta) is connected: an API token, or an OAuth service app. */
export const TOKEN_CONNECT_METHODS = ['api_token', 'service_app'] as const;
/**
 * Connecting an API-token provider: the org's domain and either the token, or a service app's
 * client id and private key (PEM or JWK). Secrets are never returned.
 */
export const connectTokenBody = z
  .object({
    domain: z.string().trim().min(1, 'Enter your Okta domain').max(253),
    method: z.enum(TOKEN_CONNECT_METHODS).default('api_token'),
    token: z.string().trim().max(500).optional(),
    clientId: z.string().trim().max(200).optional(),
    privateKey: z.string().trim().max(20_000).optional(),
  })
  .superRefine((input, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.method === 'api_token' && (input.token ?? '').length < 10)
      missing('token', 'Paste the API token');
    if (input.method === 'service_app' && !input.clientId) missing('clientId', 'Enter the client ID');
    if (input.method === 'service_app' && !input.privateKey)
      missing('privateKey', 'Paste the private key (PEM or JWK)');
  });
export type ConnectTokenInput = z.infer<typeof connectTokenBody>;
export const connectTokenResponse = z.object({ connected: z.boolean(), siteUrl: z.string() });

export const syncResponse = z.object({ runQueued: z.boolean() });

export const discoveredApp = z.object({
  id: z.uuid(),
  provider: z.enum(CONNECTOR_PROVIDERS),
  providerAppId: z.string(),
  name: z.string(),
  catalogSlug: z.string().nullable(),
  scopes: z.array(z.string()),
  usersCount: z.number().int(),
  firstSeenAt: instant,
  lastSeenAt: instant,
  status: z.enum(DISCOVERED_STATUSES),
  /** Ranked down: one user and only sign-in scopes (a personal or consumer app). */
  lowSignal: z.boolean(),
  subscriptionId: z.uuid().nullable(),
});
export const discoveredAppsResponse = z.object({ apps: z.array(discoveredApp) });
export type DiscoveredApp = Wire<typeof discoveredApp>;
export const discoveredQuery = z.object({ status: z.enum(DISCOVERED_STATUSES).default('new') });
export const discoveredParams = z.object({ id: z.uuid() });
export const addDiscoveredResponse = z.object({ subscriptionId: z.uuid(), seats: z.number().int() });

/** Scopes that only sign a person in (OpenID Connect): an app holding only these reads no data. */
export const SIGN_IN_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
] as const;

/** Ranked down in the Discovered list: one user and nothing but sign-in scopes. */
export function isLowSignal(app: { usersCount: number; scopes: readonly string[] }): boolean {
  const signInOnly = app.scopes.every((s) => (SIGN_IN_SCOPES as readonly string[]).includes(s));
  return app.usersCount <= 1 && signInOnly;
}
