import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoLoginStates } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import type { SsoProtocol } from '../../../common/security';

// A sign-in in flight, kept in the database so the identity provider's answer may land on any
// server. Times are the database's (now()), so every server agrees on the 10-minute expiry.

export interface LoginStateInput {
  /** The random value sent to the identity provider (OIDC state, SAML RelayState); stored hashed. */
  state: string;
  orgId: string;
  protocol: SsoProtocol;
  nonce?: string | null;
  codeVerifier?: string | null;
  requestId?: string | null;
  returnTo?: string | null;
}

export type LoginState = typeof ssoLoginStates.$inferSelect;

/** Stores the sign-in for 10 minutes and returns its state; clears expired ones on the way. */
export async function createLoginState(db: DbOrTx, input: LoginStateInput): Promise<string> {
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, sql`now()`));
  await db.insert(ssoLoginStates).values({
    stateHash: hashToken(input.state),
    organizationId: input.orgId,
    protocol: input.protocol,
    nonce: input.nonce ?? null,
    codeVerifier: input.codeVerifier ?? null,
    requestId: input.requestId ?? null,
    returnTo: input.returnTo ?? null,
    expiresAt: sql`now() + interval '10 minutes'`,
  });
  return input.state;
}

/** Takes the sign-in out (once: a replayed state finds nothing); null when unknown or expired. */
export async function consumeLoginState(db: DbOrTx, state: string): Promise<LoginState | null> {
  const [row] = await db
    .delete(ssoLoginStates)
    .where(and(eq(ssoLoginStates.stateHash, hashToken(state)), gt(ssoLoginStates.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}
