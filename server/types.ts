import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '../common/roles';
import type { Database, Db } from './db/client';
import type { organizations, sessions, users } from './db/schema';
import type { Mailer } from './email/mailer';
import type { Env } from './env';
import type { ActingContext } from './lib/acting-context';
import type { Clock } from './lib/clock';
import type { SecretBox } from './lib/crypto/secret-box';
import type { EventBus } from './lib/events/event-bus';
import type { JobQueue } from './lib/queue/job-queue';
import type { Scheduler } from './jobs/scheduler';
import type { FileStorage } from './lib/storage';

/** What every service gets besides the request's context. */
export interface ServiceDeps {
  db: Db;
  database: Database;
  env: Env;
  /** Seals and opens the secrets stored in the database (master keys from env). */
  secrets: SecretBox;
  mailer: Mailer;
  clock: Clock;
  /** Uploaded files, on whichever driver STORAGE_DRIVER names. */
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** The durable job queue (started by main.ts and the test server). */
  queue: JobQueue;
  /** Domain events: the outbox relay and the handlers subscribed to it. */
  events: EventBus;
  /** Daily and periodic work, planned onto the queue. */
  scheduler: Scheduler;
}

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** The signed-in user as the guard reads it (findLiveSession): every column but the password hash. */
export type AuthUser = Omit<UserRow, 'passwordHash'>;
/** The session as the guard reads it: what expiry, the sliding refresh and the org switch use. */
export type AuthSession = Pick<SessionRow, 'id' | 'userId' | 'currentOrganizationId' | 'expiresAt' | 'lastSeenAt'>;

export interface AuthState {
  user: AuthUser;
  session: AuthSession;
  /** The current organization and role, read with the session (null before onboarding). */
  membership: { role: Role; org: OrganizationRow; subscriptionsVersion: number } | null;
}

/**
 * The acting context of a request (DESIGN.md's `{ orgId, userId, role }`): its actor (the member,
 * API key or SCIM token), plus the member whose rights it uses and the organization's row.
 */
export interface RequestContext extends ActingContext {
  userId: string;
  /** The rights the request has (an API key's role, `admin` for SCIM). */
  role: Role;
  org: OrganizationRow;
  /** The organization's subscription_versions counter, read by the guard (absent outside requests). */
  subscriptionsVersion?: number;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
