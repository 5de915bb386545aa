import { isPlanId, TRIAL_REMINDER_DAYS } from '../../../common/plans';
import type { DailyJob } from '../../jobs/scheduler';
import type { OrganizationRow, ServiceDeps } from '../../types';
import { systemContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import { dueTransition, isTrialActive, trialDaysRemaining } from '../organizations';
import { applyTransition, claimTrialReminder, findOrganization, listOwners } from '../organizations';
import { trialEndedMail, trialEndingMail } from './billing-mails';

/**
 * Daily, per organization: persists the due lifecycle step (trial → converted | grace_readonly →
 * trial_expired, see plan-state.ts) and e-mails the owners, and sends the "trial ends in 3 days"
 * reminder once (a claim on the organization row, so catch-up runs and restarts never repeat it).
 */
export const trialLifecycleJob: DailyJob = {
  name: 'trial-lifecycle',
  async run(deps, { orgId }) {
    const org = await findOrganization(deps.db, orgId);
    if (!org) return;
    const now = deps.clock.now();
    await remindIfDue(deps, org, now);
    await persistTransition(deps, org, now);
  },
};

async function persistTransition(deps: ServiceDeps, org: OrganizationRow, now: Date) {
  const transition = dueTransition(org, now, deps.env.GRACE_DAYS);
  if (!transition) return;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await applyTransition(tx, org.id, org.accountStatus, transition.patch, now);
    if (!row) return null; // Changed meanwhile (a webhook, a downgrade): nothing to do.
    await recordAudit(tx, systemContext(org.id, 'daily run', now), {
      action: `organization.trial_${transition.step}`,
      entityType: 'organization',
      entityId: org.id,
      changes: Object.fromEntries(
        Object.entries(transition.patch).map(([key, to]) => [
          key,
          { from: org[key as keyof OrganizationRow], to },
        ]),
      ),
    });
    return row;
  });
  // Only the step into the grace period warrants an e-mail; a missed grace lands on locked directly.
  if (updated && transition.step === 'grace' && updated.graceEndsAt && isPlanId(org.trialPlan)) {
    for (const owner of await listOwners(deps.db, org.id)) {
      const mail = trialEndedMail({
        name: owner.firstName,
        plan: org.trialPlan,
        graceDays: deps.env.GRACE_DAYS,
        graceEndsAt: updated.graceEndsAt,
        appUrl: deps.env.appOrigin,
      });
      await deps.mailer.send({ to: owner.email, ...mail, organizationId: org.id });
    }
  }
}

async function remindIfDue(deps: ServiceDeps, org: OrganizationRow, now: Date) {
  if (!isTrialActive(org, now) || !org.trialEndsAt || !isPlanId(org.trialPlan)) return;
  const days = trialDaysRemaining(org, now);
  if (days > TRIAL_REMINDER_DAYS || org.trialReminderSentAt) return;
  if (!(await claimTrialReminder(deps.db, org.id, now))) return;
  for (const owner of await listOwners(deps.db, org.id)) {
    const mail = trialEndingMail({
      name: owner.firstName,
      plan: org.trialPlan,
      days,
      endsAt: org.trialEndsAt,
      converts: org.hasPaymentMethod && org.autoRenewTrial,
      appUrl: deps.env.appOrigin,
    });
    await deps.mailer.send({ to: owner.email, ...mail, organizationId: org.id });
  }
}
