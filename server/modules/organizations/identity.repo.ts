import DataLoader from 'dataloader';
import { and, asc, eq, getTableColumns, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  memberships,
  organizations,
  passwordResetTokens,
  sessions,
  subscriptionVersions,
  users,
} from '../../db/schema';
import { organizationsNeeds } from './needs';

// Users, their sessions and password resets: identity, owned here with memberships and organizations
// because the guard reads all four together (findLiveSession).

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

/** What an application list shows of its owner: a change makes the cached lists stale. */
const shownAsOwner = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  JSON.stringify([user.firstName, user.lastName, user.email]);

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  const renaming = 'firstName' in values || 'lastName' in values || 'email' in values;
  const before = renaming ? await findUserById(db, id) : null;
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (before && user && shownAsOwner(before) !== shownAsOwner(user)) await bumpListsShowingUser(db, id);
  return user;
}

/**
 * Bumps the list version of every organization the user belongs to or owns applications in, whose
 * lists show the user's name (a trigger on `users` did it until issue 34: Citus runs a reference
 * table's triggers on every node).
 */
async function bumpListsShowingUser(db: DbOrTx, userId: string) {
  const members = await db
    .select({ orgId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const owners = await organizationsNeeds.use().organizationsWithApplicationsOwnedBy(db, userId);
  const orgIds = [...new Set([...members.map((m) => m.orgId), ...owners])].sort();
  if (orgIds.length === 0) return;
  const v = subscriptionVersions;
  await db
    .insert(v)
    .values(orgIds.map((organizationId) => ({ organizationId, version: 1 })))
    .onConflictDoUpdate({ target: v.organizationId, set: { version: sql`${v.version} + 1` } });
}

/** Stamps the user's last activity unless it was stamped after `staleBefore` (one write an hour). */
export async function touchUserActivity(db: DbOrTx, userId: string, now: Date, staleBefore: Date) {
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, staleBefore))));
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  const [session] = await db.insert(sessions).values(values).returning();
  return session;
}

// What the guard reads of a user and a session on every request (AuthState): no password hash,
// session token hash or sign-in client (user agent, IP), which no request after sign-in needs.
const { passwordHash: _passwordHash, ...guardUserColumns } = getTableColumns(users);
const guardSessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  currentOrganizationId: sessions.currentOrganizationId,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
};

// Prepared once per database: the guard runs them on every request, so they skip Drizzle's query
// building and, on PostgreSQL, the parse and plan on each pooled connection. The first reads a batch
// of sessions with their users (a global and a reference table: the coordinator on Citus); the
// second the memberships of one organization with their users, it and its list version (that
// organization's shard alone), for sessions and API keys alike. Expiry is judged by each request.
function liveSessionsQuery(db: Db) {
  return db
    .select({ tokenHash: sessions.tokenHash, session: guardSessionColumns, user: guardUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare('find_live_sessions');
}
function membersOfQuery(db: Db) {
  return db
    .select({
      user: guardUserColumns,
      role: memberships.role,
      org: organizations,
      subscriptionsVersion: sql<number>`coalesce(${subscriptionVersions.version}, 0)`.mapWith(Number),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(subscriptionVersions, eq(subscriptionVersions.organizationId, memberships.organizationId))
    .where(
      and(
        eq(memberships.organizationId, sql.placeholder('orgId')),
        sql`${memberships.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
      ),
    )
    .prepare('find_members_of');
}
type LiveSessionRow = Awaited<ReturnType<ReturnType<typeof liveSessionsQuery>['execute']>>[number];
type MemberRow = Awaited<ReturnType<ReturnType<typeof membersOfQuery>['execute']>>[number];

/**
 * The requests that ask in the same turn of the event loop share one round trip, sent after all of
 * them arrived (setImmediate: the check phase follows the poll phase that read them), never one
 * already under way; nothing is kept between batches.
 */
const BATCH = {
  cache: false,
  maxBatchSize: 500,
  batchScheduleFn: (send: () => void) => setImmediate(send),
} as const;

interface IdentityLoaders {
  sessions: DataLoader<string, LiveSessionRow | undefined>;
  members: DataLoader<{ orgId: string; userId: string }, MemberRow | undefined>;
}
const identityLoaders = new WeakMap<Db, IdentityLoaders>();

function loadersOf(db: Db): IdentityLoaders {
  const found = identityLoaders.get(db);
  if (found) return found;
  const sessionsQuery = liveSessionsQuery(db);
  const membersQuery = membersOfQuery(db);
  const loaders: IdentityLoaders = {
    sessions: new DataLoader(async (hashes) => {
      const rows = await sessionsQuery.execute({ tokenHashes: [...new Set(hashes)] });
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return hashes.map((hash) => byHash.get(hash));
    }, BATCH),
    // One statement per organization of the batch, each on its own shard.
    members: new DataLoader(async (keys) => {
      const usersByOrg = new Map<string, Set<string>>();
      for (const { orgId, userId } of keys)
        usersByOrg.set(orgId, (usersByOrg.get(orgId) ?? new Set()).add(userId));
      const found = new Map<string, MemberRow>();
      await Promise.all(
        [...usersByOrg].map(async ([orgId, userIds]) => {
          for (const row of await membersQuery.execute({ orgId, userIds: [...userIds] })) {
            found.set(`${orgId} ${row.user.id}`, row);
          }
        }),
      );
      return keys.map(({ orgId, userId }) => found.get(`${orgId} ${userId}`));
    }, BATCH),
  };
  identityLoaders.set(db, loaders);
  return loaders;
}

/**
 * The live session, its user and their current membership: the session's chosen organization when
 * they still belong to it, else their oldest membership, which becomes the session's (null before
 * onboarding). Read fresh for every request (shared only with requests asking at the same moment),
 * so a sign-out, role change or removal holds at once on every server.
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const loaders = loadersOf(db);
  const row = await loaders.sessions.load(tokenHash);
  if (!row || row.session.expiresAt.getTime() <= now.getTime()) return null;
  // Each request its own session and user (the guard stamps them); the organization is shared.
  const session = { ...row.session };
  const user = { ...row.user };
  const chosen = session.currentOrganizationId;
  let member = chosen ? await loaders.members.load({ orgId: chosen, userId: user.id }) : undefined;
  if (!member) {
    // Every shard (docs/deploy.md, "The user's organizations"): once after sign-in or a removal.
    const oldest = await oldestMembershipOf(db, user.id);
    member = oldest ? await loaders.members.load({ orgId: oldest, userId: user.id }) : undefined;
    if (oldest) {
      await setSessionOrganization(db, session.id, oldest);
      session.currentOrganizationId = oldest;
    }
  }
  const membership = member
    ? { role: member.role, org: member.org, subscriptionsVersion: member.subscriptionsVersion }
    : null;
  return { session, user, membership };
}

/** The organization the user joined first (ties by name), or null: across organizations. */
async function oldestMembershipOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name))
    .limit(1);
  return row?.organizationId ?? null;
}

/**
 * A user's membership of one organization with the user and organization rows, or null: the API-key
 * path's half of the guard's identity read (the key itself is the api-keys module's), batched with
 * the session path's.
 */
export async function findMemberIdentity(db: Db, userId: string, orgId: string) {
  return (await loadersOf(db).members.load({ orgId, userId })) ?? null;
}

/**
 * Who a credential (an API key, the SCIM token) acts for: its creator's membership of its
 * organization while they are still an owner or admin there, else null. Removing or demoting the
 * creator cuts every credential they made off at once.
 */
export async function findCredentialCreator(db: Db, createdBy: string | null, orgId: string | null) {
  const row = createdBy && orgId ? await findMemberIdentity(db, createdBy, orgId) : null;
  return row && (row.role === 'owner' || row.role === 'admin') ? row : null;
}

export async function extendSession(db: DbOrTx, id: string, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function setSessionOrganization(db: DbOrTx, id: string, organizationId: string | null) {
  await db.update(sessions).set({ currentOrganizationId: organizationId }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Signs the user out everywhere except (optionally) the session they act from. */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

export async function insertResetToken(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a live reset token used, atomically, so it works exactly once. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        gt(passwordResetTokens.expiresAt, now),
        sql`${passwordResetTokens.usedAt} is null`,
      ),
    )
    .returning();
  return row ?? null;
}
