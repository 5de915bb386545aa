// What a connector is: one folder per provider implementing this interface (Google Workspace,
// Microsoft Entra ID, Okta, Slack; QuickBooks and Xero to come). The engine (sync.service.ts) gives it a
// session: an authorised API client, resumable cursors, and provider-neutral writers for people,
// activity and discovered applications.
import type { ConnectorAuthKind, ConnectorProvider, RunCounts } from '../../../common/contracts/connectors';
import type { Env } from '../../env';
import type { AnswerCheck, ApiClient } from './provider-http';
import type { ActivityInput } from './discovery.repo';
import type { AccountingLine } from '../expenses';

export type { AccountingLine };

export interface OAuthSettings {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** Provider-specific authorize parameters (Google: access_type=offline, prompt=consent). */
  authorizeParams?: Record<string, string>;
  /** Extra parameters of refresh requests (Microsoft identity platform: the scopes again). */
  refreshParams?: Record<string, string>;
  /** How the `scope` parameter joins scopes (RFC 6749: a space; Slack: a comma). */
  scopeSeparator?: string;
  /**
   * How the client authenticates at the token endpoint (RFC 6749 §2.3.1): HTTP Basic (Intuit and
   * Xero require it) or client_id/client_secret in the form (the default; Google).
   */
  clientAuth?: 'basic' | 'body';
}

/** An API-token provider (Okta): the admin pastes a token and the organization's domain. */
export interface ApiTokenSettings {
  /** The site URL (origin) of the domain the admin typed, or an error message for them. */
  siteUrl(domain: string, env: Env): { url: string } | { error: string };
  /** The Authorization header of the token (Okta: `SSWS <token>`). */
  authorization(token: string): string;
  /** One API call proving the token works: answers who it belongs to (an e-mail), when it says. */
  verify(api: ApiClient): Promise<{ accountEmail: string | null }>;
  /**
   * The other way in (Okta): an OAuth service app, its access tokens asked for with a signed client
   * assertion at the site's token endpoint (see service-app.ts), then sent as `Bearer`.
   */
  serviceApp?: {
    tokenPath: string;
    scopes: string[];
    /** One API call proving the app's token reads what the sync reads. */
    verify(api: ApiClient): Promise<void>;
  };
}

/**
 * Seats of a product as the provider counts them (Slack's billable members, Google Workspace's
 * License Manager): written to the license pool of the inventory application with that catalogue
 * slug, or recorded on the discovered application while the inventory does not hold it.
 */
export interface ProviderSeats {
  catalogSlug: string;
  productName: string;
  purchased: number;
  /** E-mails holding a seat (matched to People; nobody is created). */
  assigned: string[];
  /**
   * Holders' last use as the provider records it (Slack's access logs); those left out, or all when
   * absent, keep their last use as it was (unknown until something records it).
   */
  lastUse?: Array<{ email: string; at: Date }>;
}

/** What a provider adds to a consent once the tokens are in hand: the account the API calls name. */
export interface ConnectedAccount {
  /** QuickBooks: the realmId of the callback; Xero: the tenant id of GET /connections. */
  accountId: string | null;
  accountEmail?: string | null;
}

/** A person as a directory describes them. */
export interface DirectoryPerson {
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
  department: string | null;
  title: string | null;
  managerEmail: string | null;
  /** Suspended (or deleted): the existing offboarding starts. */
  suspended: boolean;
}

/** An application people granted access to, as seen in one page of events. */
export interface SeenApplication {
  providerAppId: string;
  name: string;
  scopes: string[];
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** Where a step resumes: the provider's page token, and the `since` of incremental reads. */
export interface StepCursor {
  pageToken?: string | null;
  /** Events before this were read by an earlier run. */
  since?: string | null;
  /** The provider's link to the changes since the last complete pass (Microsoft Graph delta query). */
  deltaLink?: string | null;
  /** The latest event time of the pass in progress: the next `since` once the pass ends. */
  latest?: string | null;
  /** The run that finished this step (a retry of the same run skips it). */
  doneRun?: string | null;
  /** What a pass that needs every page before writing has gathered so far (kept across a crash). */
  gathered?: Record<string, unknown> | null;
}

export interface SyncSession {
  api: ApiClient;
  /** The server's settings (a connector reading a second API host takes its base from here). */
  env: Env;
  now: Date;
  /** The base of the provider's API the client calls (production or sandbox). */
  apiBaseUrl: string;
  /** The provider account of the connection (QuickBooks realmId), when it has one. */
  accountId: string | null;
  /**
   * Runs a step unless this run already finished it; `page` persists its cursor after every page,
   * so a crash resumes at the page it was reading.
   */
  step(
    name: string,
    run: (cursor: StepCursor, save: (cursor: StepCursor) => Promise<void>) => Promise<void>,
  ): Promise<void>;
  /** Creates or updates people (matched by external id, then e-mail); suspended ones are offboarded. */
  people(persons: DirectoryPerson[]): Promise<void>;
  /** People the directory deleted: offboarded. */
  removedPeople(persons: Array<{ externalId: string; email: string }>): Promise<void>;
  activity(events: ActivityInput[]): Promise<void>;
  applications(apps: SeenApplication[]): Promise<void>;
  /** The provider's seats of a product (see ProviderSeats); holders no longer listed are released. */
  seats(input: ProviderSeats): Promise<void>;
  /**
   * Bills and purchases of an accounting system: each becomes one expense (source = the provider,
   * idempotent on the provider's id: a repeat or an edit updates it), matched like card lines.
   */
  expenses(lines: AccountingLine[]): Promise<void>;
  /** Bills and purchases the provider deleted or voided (by provider id): their expenses go. */
  removedExpenses(providerIds: string[]): Promise<void>;
  /** The provider ids and dates of the expenses imported so far whose id starts with `prefix`. */
  importedExpenses(prefix: string): Promise<Array<{ providerId: string; date: string }>>;
  count(key: keyof RunCounts, n?: number): void;
}

export interface Connector {
  provider: ConnectorProvider;
  /** The catalogue slug of the provider's own product: its seats get the sign-ins. */
  ownCatalogSlug: string;
  /** OAuth consent (a redirect), or an API token pasted with the organization's domain. */
  auth: ConnectorAuthKind;
  /** The OAuth client, or null when the installation has not configured one (always null for API tokens). */
  oauth(env: Env): OAuthSettings | null;
  /** API-token providers only. */
  apiToken?: ApiTokenSettings;
  /** Where the API is: the installation's setting, or the connection's own site (Okta). */
  apiBaseUrl(env: Env, siteUrl: string | null): string;
  /** A provider that answers errors inside a 200 (Slack's `{ ok: false, error }`): what one means. */
  answerError?: AnswerCheck;
  /**
   * After the code exchange: the provider account to store on the connection (QuickBooks reads the
   * callback's realmId; Xero asks GET /connections). Throws when there is none.
   */
  connectedAccount?(input: {
    env: Env;
    accessToken: string;
    callback: Record<string, string | undefined>;
  }): Promise<ConnectedAccount>;
  sync(session: SyncSession): Promise<void>;
}
