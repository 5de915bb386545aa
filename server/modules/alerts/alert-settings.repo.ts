import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_ALERT_RULES,
  DEFAULT_EMAIL_MODE,
  DEFAULT_EMAIL_ROLES,
  type EmailMode,
} from '../../../common/alerts';
import type { Role } from '../../../common/roles';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, notificationSettings } from '../../db/schema';
import { membersOf } from '../organizations';

export type SettingsRow = typeof notificationSettings.$inferSelect;

/** The organization's settings, or the defaults (configured: false) when never saved. */
export async function loadSettings(
  db: DbOrTx,
  orgId: string,
): Promise<SettingsRow & { configured: boolean }> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.organizationId, orgId))
    .limit(1);
  if (row) return { ...row, rules: { ...DEFAULT_ALERT_RULES, ...row.rules }, configured: true };
  return {
    organizationId: orgId,
    rules: DEFAULT_ALERT_RULES,
    emailEnabled: true,
    emailRoles: DEFAULT_EMAIL_ROLES,
    emailApplicationOwner: true,
    slackEnabled: false,
    slackWebhookUrl: null,
    webhookEnabled: false,
    webhookUrl: null,
    webhookSecret: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    configured: false,
  };
}

export async function saveSettings(db: DbOrTx, values: typeof notificationSettings.$inferInsert) {
  const { organizationId: _org, createdAt: _created, ...update } = values;
  const [row] = await db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({ target: notificationSettings.organizationId, set: update })
    .returning();
  return row;
}

export async function setWebhookSecret(db: DbOrTx, orgId: string, secret: string, now: Date) {
  const [row] = await db
    .update(notificationSettings)
    .set({ webhookSecret: secret, updatedAt: now })
    .where(eq(notificationSettings.organizationId, orgId))
    .returning({ organizationId: notificationSettings.organizationId });
  return row ?? null;
}

export async function getPreference(db: DbOrTx, orgId: string, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.organizationId, orgId), eq(notificationPreferences.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function savePreference(
  db: DbOrTx,
  orgId: string,
  userId: string,
  emailMode: EmailMode,
  now: Date,
) {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ organizationId: orgId, userId, emailMode, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPreferences.organizationId, notificationPreferences.userId],
      set: { emailMode, updatedAt: now },
    })
    .returning();
  return row;
}

export interface Recipient {
  userId: string;
  email: string;
  firstName: string;
  role: Role;
  emailMode: EmailMode;
}

/** Every member of the organization with their e-mail mode (the default when never chosen). */
export async function listMembersWithModes(db: DbOrTx, orgId: string): Promise<Recipient[]> {
  const members = membersOf(orgId);
  const rows = await db
    .select({
      userId: members.userId,
      email: members.email,
      firstName: members.firstName,
      role: members.role,
      emailMode: notificationPreferences.emailMode,
    })
    .from(members)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.organizationId, orgId),
        eq(notificationPreferences.userId, members.userId),
      ),
    );
  return rows.map((r) => ({ ...r, emailMode: r.emailMode ?? DEFAULT_EMAIL_MODE }));
}
