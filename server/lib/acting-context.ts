// Who acts, for which organization, when: the one context every entry point builds (request,
// API key, SCIM, daily job, inbound mail, demo, event handler) and every service takes. The
// constructors below are the only places that make one; ARCHITECTURE.md lists them by entry point.
import type { Role } from '../../common/roles';
import type { DbOrTx, Tx } from '../db/client';

/** Work nobody clicked: the name says which (audit rows of a system actor have no user). */
export type SystemActorName =
  | 'daily run'
  | 'inbound mail'
  | 'demo'
  | 'event handler'
  | 'scheduled report'
  /** A connector's sync (issue 35): people, discovered applications, seat activity. */
  | 'connector sync'
  /** Stripe telling Stackwise of a payment or plan change. */
  | 'billing webhook';

export type Actor =
  | { type: 'user'; userId: string; role: Role }
  /** An API key acts for the member who made it, with the key's role (member or viewer). */
  | { type: 'api_key'; keyId: string; onBehalfOf: string; role: Role }
  /** A SCIM token acts for the member who made it. */
  | { type: 'scim_token'; tokenId: string; creator: string }
  | { type: 'system'; name: SystemActorName };

/** One audit step a larger action folds into its own row instead of writing it (see `oneAuditRow`). */
export interface AuditStep {
  action: string;
  entityType: string;
  entityId: string | null;
  changes: Record<string, unknown> | null;
}

export interface ActingContext {
  orgId: string;
  actor: Actor;
  /** The time the action happens at (the clock's, read once at the entry point). */
  now: Date;
  /** The caller's transaction, when the action runs inside one. */
  tx?: Tx;
  /**
   * Set while a user-visible action is made of other audited writes (booking an invoice creates
   * an application and an expense): those steps are collected here and the action writes one row.
   */
  auditSteps?: AuditStep[];
}

/** A context whose action runs inside the caller's transaction. */
export type TxContext<C extends ActingContext = ActingContext> = C & { tx: Tx };

/** The member an action is attributed to: the user, the key's or the token's maker; null for the system. */
export function actingUserId(ctx: Pick<ActingContext, 'actor'>): string | null {
  switch (ctx.actor.type) {
    case 'user':
      return ctx.actor.userId;
    case 'api_key':
      return ctx.actor.onBehalfOf;
    case 'scim_token':
      return ctx.actor.creator;
    case 'system':
      return null;
  }
}

/** The API key behind an action, if one made it. */
export function actingApiKeyId(ctx: Pick<ActingContext, 'actor'>): string | null {
  return ctx.actor.type === 'api_key' ? ctx.actor.keyId : null;
}

/** Where the context's reads and writes go: its transaction, else the given database. */
export function dbOf(ctx: Pick<ActingContext, 'tx'>, db: DbOrTx): DbOrTx {
  return ctx.tx ?? db;
}

/** The same actor inside a transaction. */
export function inTransaction<C extends ActingContext>(ctx: C, tx: Tx): TxContext<C> {
  return { ...ctx, tx };
}

// ---------------------------------------------------------------------------------------------
// Constructors, one per entry point.

/** A signed-in member's request (the session guard). */
export function userContext(orgId: string, userId: string, role: Role, now: Date): ActingContext {
  return { orgId, actor: { type: 'user', userId, role }, now };
}

/** A request made with an API key (the API-key guard). */
export function apiKeyContext(
  orgId: string,
  key: { keyId: string; onBehalfOf: string; role: Role },
  now: Date,
): ActingContext {
  return { orgId, actor: { type: 'api_key', ...key }, now };
}

/** A SCIM call (the SCIM token hook). */
export function scimContext(
  orgId: string,
  token: { tokenId: string; creator: string },
  now: Date,
): ActingContext {
  return { orgId, actor: { type: 'scim_token', ...token }, now };
}

/** Work the system does for an organization: daily steps, inbound mail, the demo, event handlers, Stripe's events. */
export function systemContext(orgId: string, name: SystemActorName, now: Date): ActingContext {
  return { orgId, actor: { type: 'system', name }, now };
}
