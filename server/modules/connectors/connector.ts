// What a connector is: one folder per provider implementing this interface (Google Workspace today;
// Entra ID, Okta, Slack, QuickBooks and Xero to come). The engine (sync.service.ts) gives it a
// session: an authorised API client, resumable cursors, and provider-neutral writers for people,
// activity and discovered applications.
import type { ConnectorProvider, RunCounts } from '../../../common/contracts/connectors';
import type { Env } from '../../env';
import type { ApiClient } from './provider-http';
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
  /**
   * How the client authenticates at the token endpoint (RFC 6749 §2.3.1): HTTP Basic (Intuit and
   * Xero require it) or client_id/client_secret in the form (the default; Google).
   */
  clientAuth?: 'basic' | 'body';
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
  /** The latest event time of the pass in progress: the next `since` once the pass ends. */
  latest?: string | null;
  /** The run that finished this step (a retry of the same run skips it). */
  doneRun?: string | null;
}

export interface SyncSession {
  api: ApiClient;
  now: Date;
  /** The base of the provider's API the client calls (production or sandbox). */
  apiBaseUrl: string;
  /** The provider account of the connection (QuickBooks realmId, Xero tenant id), when it has one. */
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
  /**
   * Bills and purchases of an accounting system: each becomes one expense (source = the provider,
   * idempotent on the provider's id: a repeat or an edit updates it), matched like card lines.
   */
  expenses(lines: AccountingLine[]): Promise<void>;
  /** Bills and purchases the provider deleted or voided (by provider id): their expenses go. */
  removedExpenses(providerIds: string[]): Promise<void>;
  count(key: keyof RunCounts, n?: number): void;
}

export interface Connector {
  provider: ConnectorProvider;
  /** The catalogue slug of the provider's own product: its seats get the sign-ins. */
  ownCatalogSlug: string;
  /** The OAuth client, or null when the installation has not configured one. */
  oauth(env: Env): OAuthSettings | null;
  apiBaseUrl(env: Env): string;
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
