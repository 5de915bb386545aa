import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvitableRole } from '../../../common/roles';
import { users } from './auth';
import { timestamps } from './columns';
import { tenantTable } from './tenant';

/** An e-mailed offer to join an organization; only the token's hash is stored. */
export const invitations = tenantTable(
  'invitations',
  {
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<InvitableRole>().notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // Tokens are random, so (organization, hash) is as unique as the hash alone.
    uniqueIndex('invitations_token_hash_idx').on(t.organizationId, t.tokenHash),
    // At most one open (neither accepted nor revoked) invitation per address and organization.
    uniqueIndex('invitations_org_open_email_idx')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('invitations_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
