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
import type { SecretBox } from '../../lib/crypto/secret-box';
import { membersOf } from '../organizations';

type StoredSettings = typeof notificationSettings.$inferSelect;
/** The settings as services see them: the webhook signing secret stays here (webhookSecretOf opens it). */
export type SettingsRow = Omit<StoredSettings, 'webhookSecret'> & { hasWebhookSecret: boolean };

// The signing secret is stored sealed (server/lib/crypto/secret-box.ts).
const secretContext = (orgId: string) => ({ column: 'notification_settings.webhook_secret' as const, orgId });

function withoutSecret({ webhookSecret, ...row }: StoredSettings): SettingsRow {
  return { ...row, hasWebhookSecret: webhookSecret !== null };
}

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
  if (row)
    return { ...withoutSecret(row), rules: { ...DEFAULT_ALERT_RULES, ...row.rules }, configured: true };
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
    hasWebhookSecret: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    configured: false,
  };
}

/** The webhook signing secret in plain text, or null when none was generated. */
export async function webhookSecretOf(db: DbOrTx, secrets: SecretBox, orgId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: notificationSettings.webhookSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.organizationId, orgId))
    .limit(1);
  return row?.secret ? secrets.open(row.secret, secretContext(orgId)) : null;
}

/** Saves the settings; a webhook secret given (plain text) is sealed, none keeps the stored one. */
export async function saveSettings(
  db: DbOrTx,
  secrets: SecretBox,
  { webhookSecret, ...values }: typeof notificationSettings.$inferInsert,
) {
  const sealed = webhookSecret
    ? { webhookSecret: secrets.seal(webhookSecret, secretContext(values.organizationId)) }
    : {};
  const { organizationId: _org, createdAt: _created, ...update } = values;
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...values, ...sealed })
    .onConflictDoUpdate({ target: notificationSettings.organizationId, set: { ...update, ...sealed } })
    .returning();
  return withoutSecret(row);
}

export async function setWebhookSecret(
  db: DbOrTx,
  secrets: SecretBox,
  orgId: string,
  secret: string,
  now: Date,
) {
  const [row] = await db
    .update(notificationSettings)
    .set({ webhookSecret: secrets.seal(secret, secretContext(orgId)), updatedAt: now })
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
