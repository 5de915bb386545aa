// Settings → Invoice forwarding: the address, the allow-list, setup state and recent messages.
import type { z } from 'zod';
import type {
  invoiceForwarding,
  updateInvoiceForwarding as updateBody,
} from '../../../common/contracts/invoice-forwarding';
import { recordAudit } from '../../lib/audit';
import type { RequestContext, ServiceDeps } from '../../types';
import { getOrCreateInboundToken, inboundAddress, regenerateInboundToken } from './address';
import { countByState, listMessages } from './messages.repo';
import { presentSummary } from './messages.present';
import * as repo from './settings.repo';

/** What the handler returns (instants as Dates; the response serializer writes the strings). */
type InvoiceForwarding = z.output<typeof invoiceForwarding>;

const RECENT = 5;
const PROVIDERS = new Set(['gmail', 'outlook']);

/**
 * Why mail to the address cannot arrive yet, naming the variables to set; null when a receiver is
 * on (SMTP or a provider's webhook) and the domain can have an MX record.
 */
export function cannotReceiveReason(env: ServiceDeps['env']): string | null {
  const reasons: string[] = [];
  if (env.INBOUND_SMTP_PORT === undefined && !env.INBOUND_HTTP_SECRET && !env.MAILGUN_WEBHOOK_SIGNING_KEY)
    reasons.push(
      'no receiver is on: set INBOUND_SMTP_PORT (the built-in SMTP receiver), or INBOUND_HTTP_SECRET or MAILGUN_WEBHOOK_SIGNING_KEY (a mail provider’s webhook)',
    );
  const domain = env.INBOUND_DOMAIN;
  if (domain === 'localhost' || domain.endsWith('.localhost'))
    reasons.push(
      `the domain ${domain} exists only on this computer: set INBOUND_DOMAIN to a domain whose MX record points at this server or your mail provider`,
    );
  return reasons.length ? `Mail cannot arrive at this address yet: ${reasons.join('; and ')}.` : null;
}

export async function getInvoiceForwarding(
  deps: ServiceDeps,
  ctx: RequestContext,
): Promise<InvoiceForwarding> {
  const { orgId } = ctx;
  const domain = deps.env.INBOUND_DOMAIN;
  const token = await getOrCreateInboundToken(deps.db, orgId);
  const [allowedSenders, counts, lastAt, confirmation, recent] = await Promise.all([
    repo.getAllowedSenders(deps.db, orgId),
    countByState(deps.db, orgId),
    repo.lastReceivedAt(deps.db, orgId),
    repo.pendingConfirmationRow(deps.db, orgId),
    listMessages(deps.db, orgId, { limit: RECENT }),
  ]);
  const provider = confirmation?.confirmation?.provider ?? 'other';
  return {
    address: inboundAddress(token, domain),
    domain,
    allowedSenders,
    pendingConfirmation: confirmation
      ? {
          messageId: confirmation.id,
          provider: (PROVIDERS.has(provider) ? provider : 'other') as 'gmail' | 'outlook' | 'other',
          from: confirmation.fromAddress,
          link: confirmation.confirmation?.link ?? null,
          code: confirmation.confirmation?.code ?? null,
          receivedAt: confirmation.receivedAt,
        }
      : null,
    setup: {
      receivedAny: lastAt !== null,
      lastReceivedAt: lastAt,
      importedCount: counts.imported ?? 0,
      needsReviewCount: counts.needs_review ?? 0,
      cannotReceive: cannotReceiveReason(deps.env),
    },
    recentMessages: recent.rows.map((r) => presentSummary(r.message, r.subscriptionName)),
  };
}

export async function updateInvoiceForwarding(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.infer<typeof updateBody>,
): Promise<InvoiceForwarding> {
  const allowedSenders = [...new Set(input.allowedSenders)];
  await deps.db.transaction(async (tx) => {
    const before = await repo.getAllowedSenders(tx, ctx.orgId);
    await repo.saveAllowedSenders(tx, ctx.orgId, allowedSenders, deps.clock.now());
    await recordAudit(tx, ctx, {
      action: 'invoice_forwarding.update',
      entityType: 'invoice_forwarding',
      entityId: ctx.orgId,
      changes: { allowedSenders: { from: before, to: allowedSenders } },
    });
  });
  return getInvoiceForwarding(deps, ctx);
}

/** A new address; mail to the old one is refused from now on. */
export async function regenerateAddress(deps: ServiceDeps, ctx: RequestContext): Promise<InvoiceForwarding> {
  await deps.db.transaction(async (tx) => {
    await regenerateInboundToken(tx, ctx.orgId);
    // The token is a secret: the audit says it changed, not what to.
    await recordAudit(tx, ctx, {
      action: 'invoice_forwarding.regenerate',
      entityType: 'invoice_forwarding',
      entityId: ctx.orgId,
    });
  });
  return getInvoiceForwarding(deps, ctx);
}
