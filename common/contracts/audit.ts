// The audit log (issue 21, Scale): what owners and admins read in Settings → Audit log, and the
// catalogue that turns stored action names (`area.verb`) into labels and categories.
import { z } from 'zod';
import { PRICE_FIELDS } from '../billing';
import { formatAmount } from '../money';
import { AUDIT_RETENTION_CHOICES } from '../security';
import { instant, type Wire } from './wire';

export const AUDIT_CATEGORIES = [
  'sign_in',
  'security',
  'team',
  'billing',
  'export',
  'money',
  'deletion',
  'settings',
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  sign_in: 'Sign-in',
  security: 'Security',
  team: 'Team',
  billing: 'Billing',
  export: 'Data export',
  money: 'Money',
  deletion: 'Deletion',
  settings: 'Settings',
};

type Entry = readonly [label: string, category: AuditCategory];

/** Every action the product records, with its label and category. */
export const AUDIT_ACTIONS: Record<string, Entry> = {
  'auth.login': ['Signed in', 'sign_in'],
  'auth.login_failed': ['Sign-in failed', 'sign_in'],
  'auth.logout': ['Signed out', 'sign_in'],
  'auth.register': ['Account created', 'sign_in'],
  'auth.sso_login': ['Signed in with SSO', 'sign_in'],
  'auth.break_glass_login': ['Break-glass password sign-in', 'sign_in'],
  'auth.password_change': ['Password changed', 'security'],
  'auth.password_reset': ['Password reset', 'security'],
  'sso.update': ['SSO settings changed', 'security'],
  'sso.domain_add': ['SSO domain added', 'security'],
  'sso.domain_verify': ['SSO domain verified', 'security'],
  'sso.domain_remove': ['SSO domain removed', 'deletion'],
  'api_key.create': ['API key created', 'security'],
  'api_key.used': ['API key used', 'security'],
  'api_key.revoke': ['API key revoked', 'security'],
  'scim.token_rotate': ['SCIM token generated', 'security'],
  'scim.token_revoke': ['SCIM token revoked', 'security'],
  'scim.user_create': ['Person provisioned by SCIM', 'team'],
  'scim.user_update': ['Person updated by SCIM', 'team'],
  'scim.user_deactivate': ['Person deprovisioned by SCIM', 'team'],
  'scim.user_reactivate': ['Person reprovisioned by SCIM', 'team'],
  'scim.group_create': ['Group provisioned by SCIM', 'team'],
  'scim.group_update': ['Group updated by SCIM', 'team'],
  'scim.group_delete': ['Group deleted by SCIM', 'deletion'],
  'connector.connect': ['Integration connected', 'security'],
  'connector.disconnect': ['Integration disconnected', 'security'],
  'connector.sync': ['Integration synced', 'team'],
  'connector.person_offboard': ['Person offboarded by a directory sync', 'team'],
  'connector.discovered_add': ['Discovered application added', 'money'],
  'connector.discovered_ignore': ['Discovered application ignored', 'money'],
  'audit.export': ['Audit log exported', 'export'],
  'audit.retention_update': ['Audit log retention changed', 'security'],
  'notification_settings.rotate_secret': ['Webhook secret rotated', 'security'],
  'invoice_forwarding.regenerate': ['Invoice forwarding address regenerated', 'security'],

  'team.invite': ['Member invited', 'team'],
  'team.invitation_resend': ['Invitation resent', 'team'],
  'team.invitation_revoke': ['Invitation revoked', 'team'],
  'team.invitation_accept': ['Invitation accepted', 'team'],
  'team.member_join': ['Member joined', 'team'],
  'team.member_role_change': ['Member role changed', 'team'],
  'team.member_remove': ['Member removed', 'deletion'],
  'team.ownership_transfer': ['Ownership transferred', 'team'],
  'person.create': ['Person added', 'team'],
  'person.update': ['Person updated', 'team'],
  'person.import': ['People imported', 'team'],
  'person.offboard': ['Person offboarded', 'team'],
  'person.reactivate': ['Person reactivated', 'team'],
  'person.delete': ['Person deleted', 'deletion'],
  'license_pool.create': ['License pool created', 'team'],
  'license_pool.update': ['License pool updated', 'team'],
  'license_pool.delete': ['License pool deleted', 'deletion'],
  'license_pool.provider_seats': ['License seats synced from an integration', 'team'],
  'license.assign': ['License assigned', 'team'],
  'license.unassign': ['License unassigned', 'team'],
  'license.reclaim': ['License reclaimed', 'team'],
  'license.restore': ['License restored', 'team'],
  'attestation.send': ['Usage attestation sent', 'team'],

  'organization.create': ['Organization created', 'billing'],
  'organization.trial_start': ['Trial started', 'billing'],
  'organization.downgrade': ['Plan downgraded', 'billing'],
  'organization.trial_converted': ['Trial converted to a paid plan', 'billing'],
  'organization.trial_grace': ['Trial ended (read-only grace period)', 'billing'],
  'organization.trial_expired': ['Trial expired', 'billing'],
  'billing.checkout': ['Checkout started', 'billing'],
  'billing.checkout.session.completed': ['Plan purchased', 'billing'],
  'billing.customer.subscription.created': ['Paid plan started', 'billing'],
  'billing.customer.subscription.updated': ['Plan changed', 'billing'],
  'billing.customer.subscription.deleted': ['Paid plan cancelled', 'billing'],
  'billing.invoice.paid': ['Invoice paid', 'billing'],
  'billing.invoice.payment_failed': ['Payment failed', 'billing'],

  'report.export': ['Report exported', 'export'],
  'export.applications': ['Applications exported', 'export'],
  'export.all_data': ['All data exported', 'export'],
  'insight.export': ['Savings pipeline exported', 'export'],

  'subscription.create': ['Application added', 'money'],
  'subscription.update': ['Application updated', 'money'],
  'subscription.bulk_update': ['Applications updated in bulk', 'money'],
  'subscription.import': ['Applications imported', 'money'],
  'subscription.renew': ['Application renewed', 'money'],
  'subscription.renewed': ['Application renewal passed', 'money'],
  'subscription.auto_renewed': ['Application auto-renewed', 'money'],
  'subscription.cancelled': ['Application cancelled', 'money'],
  'subscription.archive': ['Application archived', 'deletion'],
  'subscription.restore': ['Application restored', 'money'],
  'renewal.decide': ['Renewal decided', 'money'],
  'contract.create': ['Contract added', 'money'],
  'contract.update': ['Contract updated', 'money'],
  'contract.renew': ['Contract renewed', 'money'],
  'contract.expire': ['Contract expired', 'money'],
  'contract.delete': ['Contract deleted', 'deletion'],
  'contract.document.upload': ['Contract document uploaded', 'money'],
  'contract.document.delete': ['Contract document deleted', 'deletion'],
  'expense.create': ['Expense added', 'money'],
  'expense.update': ['Expense updated', 'money'],
  'expense.import': ['Expenses imported', 'money'],
  'expense.import_undo': ['Expense import undone', 'deletion'],
  'expense.match': ['Expense matched', 'money'],
  'expense.unmatch': ['Expense unmatched', 'money'],
  'expense.ignore': ['Expense ignored', 'money'],
  'expense.delete': ['Expense deleted', 'deletion'],
  'expense.bulk_delete': ['Expenses deleted in bulk', 'deletion'],
  'expense.document_attach': ['Expense document attached', 'money'],
  'expense.document_remove': ['Expense document removed', 'deletion'],
  'expense.invoice_link': ['Invoice linked to expense', 'money'],
  'expense.discovery_accept': ['Discovered application accepted', 'money'],
  'expense.discovery_dismiss': ['Discovered application dismissed', 'money'],
  'expense_rule.create': ['Expense rule created', 'money'],
  'expense_rule.update': ['Expense rule updated', 'money'],
  'expense_rule.learn': ['Expense rule learned', 'money'],
  'expense_rule.delete': ['Expense rule deleted', 'deletion'],
  'budget.create': ['Budget created', 'money'],
  'budget.update': ['Budget updated', 'money'],
  'budget.delete': ['Budget deleted', 'deletion'],
  'vendor.create': ['Vendor added', 'money'],
  'vendor.update': ['Vendor updated', 'money'],
  'vendor.delete': ['Vendor deleted', 'deletion'],
  'fx_rate.create': ['Exchange rate added', 'money'],
  'fx_rate.import': ['Exchange rates imported', 'money'],
  'fx_rate.delete': ['Exchange rate deleted', 'deletion'],
  'import.commit': ['Import committed', 'money'],
  'usage.import': ['Usage imported', 'money'],
  'invoice_forwarding.process': ['Forwarded invoice read', 'money'],
  'invoice_forwarding.book': ['Forwarded invoice booked', 'money'],
  'invoice_forwarding.accept': ['Forwarded invoice accepted', 'money'],
  'invoice_forwarding.merge': ['Forwarded invoice merged', 'money'],
  'invoice_forwarding.ignore': ['Forwarded invoice ignored', 'money'],
  'allocation.update': ['Cost split changed', 'money'],
  'allocation.reset': ['Cost split reset', 'money'],
  'department_allocations.update': ['Department split changed', 'money'],
  'insight.update': ['Insight updated', 'money'],

  'organization.update': ['Organization settings changed', 'settings'],
  'settings_item.create': ['List item added', 'settings'],
  'settings_item.update': ['List item renamed', 'settings'],
  'settings_item.delete': ['List item deleted', 'deletion'],
  'notification_settings.update': ['Notification settings changed', 'settings'],
  'invoice_forwarding.update': ['Invoice forwarding settings changed', 'settings'],
  'insight_settings.update': ['Insight settings changed', 'settings'],
  'report_branding.update': ['Report branding changed', 'settings'],
  'report_branding.logo_upload': ['Report logo uploaded', 'settings'],
  'report_branding.logo_delete': ['Report logo deleted', 'deletion'],
  'entity.create': ['Entity added', 'settings'],
  'entity.update': ['Entity updated', 'settings'],
  'entity.delete': ['Entity deleted', 'deletion'],
  'brand.create': ['Brand added', 'settings'],
  'brand.update': ['Brand updated', 'settings'],
  'brand.delete': ['Brand deleted', 'deletion'],
  'brand.logo_upload': ['Brand logo uploaded', 'settings'],
  'brand.logo_delete': ['Brand logo deleted', 'deletion'],
  'report_schedule.delete': ['Report schedule deleted', 'deletion'],
  'demo.load': ['Demo data loaded', 'settings'],
};

/**
 * Where an action not in the catalogue goes, by its area (the part before the first dot): actions
 * other modules add later still land in a sensible category. Anything else is `settings`.
 */
export const AUDIT_AREA_CATEGORIES: Record<string, AuditCategory> = {
  auth: 'sign_in',
  sso: 'security',
  api_key: 'security',
  scim: 'security',
  audit: 'security',
  team: 'team',
  person: 'team',
  license: 'team',
  billing: 'billing',
  subscription: 'money',
  expense: 'money',
  contract: 'money',
  budget: 'money',
};
export const AUDIT_FALLBACK_CATEGORY: AuditCategory = 'settings';

export function auditCategoryOf(action: string): AuditCategory {
  const known = AUDIT_ACTIONS[action];
  if (known) return known[1];
  return AUDIT_AREA_CATEGORIES[action.split('.')[0]!] ?? AUDIT_FALLBACK_CATEGORY;
}

/** 'scim.group_delete' → 'Scim group delete' for actions the catalogue does not know yet. */
export function auditLabelOf(action: string): string {
  const known = AUDIT_ACTIONS[action];
  if (known) return known[0];
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const auditQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  action: z.string().trim().min(1).max(100).optional(),
  category: z.enum(AUDIT_CATEGORIES).optional(),
  /** A user id or an API key id. */
  actor: z.uuid().optional(),
  entityType: z.string().trim().min(1).max(100).optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;
/** The export takes the same filters, without the page. */
export const auditExportQuery = auditQuery.omit({ cursor: true, limit: true });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'system'] as const;

export const auditEventResponse = z.object({
  id: z.uuid(),
  createdAt: instant,
  action: z.string(),
  label: z.string(),
  category: z.enum(AUDIT_CATEGORIES),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The member the event is about, or the record's name when the changes say it. */
  targetName: z.string().nullable(),
  /** The changes as one readable line ("Role: member → admin"), empty when none. */
  summary: z.string(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    userId: z.uuid().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    apiKeyId: z.uuid().nullable(),
    apiKeyName: z.string().nullable(),
    /** For the system: which part of Stackwise acted ("daily run", "inbound mail", "demo" …). */
    systemName: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEvent = Wire<typeof auditEventResponse>;

export const auditPageResponse = z.object({
  items: z.array(auditEventResponse),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = Wire<typeof auditPageResponse>;

const retentionDays = z
  .number()
  .int()
  .refine((days) => (AUDIT_RETENTION_CHOICES as readonly number[]).includes(days), {
    message: `One of ${AUDIT_RETENTION_CHOICES.join(', ')} (0 keeps everything)`,
  });

export const auditSettingsResponse = z.object({ retentionDays: z.number().int() });
export const updateAuditSettingsBody = z.object({ retentionDays });
export type AuditSettings = Wire<typeof auditSettingsResponse>;

// ---------------------------------------------------------------------------------------------
// Reading an event's stored `changes`.

/**
 * Bookkeeping in an event's changes, not something a person changed; `steps` lists the writes one
 * action was made of (booking an invoice: the application and the expense), kept for the record.
 */
const INTERNAL_KEYS = new Set(['row', 'importId', 'steps']);

/** 'amountMinor' → 'Amount', 'nextRenewalDate' → 'Next renewal date'. */
function fieldLabel(key: string): string {
  const words = key
    .replace(/(Minor|Id|Ids)$/, '')
    .replace(/([A-Z])/g, ' $1')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isFromTo = (value: unknown): value is { from?: unknown; to?: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && ('from' in value || 'to' in value);

function currencyIn(changes: Record<string, unknown>): string | null {
  const currency = changes.currency;
  if (typeof currency === 'string') return currency;
  if (isFromTo(currency) && typeof currency.to === 'string') return currency.to;
  return null;
}

function valueText(key: string, value: unknown, currency: string | null): string {
  if (value === null || value === undefined || value === '') return '—';
  // An amount whose currency the event does not say (it did not change) reads as a plain decimal.
  if (typeof value === 'number' && key.endsWith('Minor')) {
    return currency ? formatAmount(value, currency) : (value / 100).toFixed(2);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return value.map((v) => valueText(key, v, currency)).join(', ');
  return JSON.stringify(value);
}

const MAX_SUMMARY = 400;

/** The changes as one line: "Role: member → admin · Seats: 10 → 12". Empty when none. */
export function auditSummaryOf(changes: Record<string, unknown> | null): string {
  if (!changes) return '';
  const currency = currencyIn(changes);
  const parts = Object.entries(changes)
    .filter(([key]) => !INTERNAL_KEYS.has(key))
    .map(([key, value]) =>
      isFromTo(value)
        ? `${fieldLabel(key)}: ${valueText(key, value.from, currency)} → ${valueText(key, value.to, currency)}`
        : `${fieldLabel(key)}: ${valueText(key, value, currency)}`,
    );
  const line = parts.join(' · ');
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}

/** The label of a stored event: an application update that touched its price reads as a price change. */
export function auditEventLabel(action: string, changes: Record<string, unknown> | null): string {
  if (action === 'subscription.update' && changes && PRICE_FIELDS.some((key) => key in changes)) {
    return 'Application price changed';
  }
  return auditLabelOf(action);
}
