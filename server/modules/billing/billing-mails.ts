import { PLANS, type PlanId } from '../../../common/plans';
import { actionMail, type RenderedMail } from '../../email/templates';
import { formatProseDate, inDays, plural } from '../../../common/wording';

const greeting = (name: string) => `Hi ${name || 'there'},`;

/** Three days before the trial ends (spec §9). */
export function trialEndingMail(opts: {
  name: string;
  plan: PlanId;
  days: number;
  endsAt: Date;
  converts: boolean;
  appUrl: string;
}): RenderedMail {
  const planName = PLANS[opts.plan].name;
  const when = formatProseDate(opts.endsAt.toISOString());
  return actionMail({
    subject: `Your ${planName} trial ends ${inDays(opts.days)}`,
    greeting: greeting(opts.name),
    paragraphs: [
      `Your Stackwise ${planName} trial ends on ${when}.`,
      opts.converts
        ? `Auto-renew is on, so your plan converts to paid ${planName} ($${PLANS[opts.plan].price}/month) automatically. Nothing else to do.`
        : `Upgrade before then to keep ${planName} features. Otherwise your account becomes read-only for a short grace period, then locked until you upgrade or move to the free Starter plan.`,
    ],
    actionText: opts.converts ? 'Review billing' : 'Upgrade now',
    actionUrl: `${opts.appUrl}/app/settings/${opts.converts ? 'billing' : 'plans'}`,
  });
}

/** The trial ended without payment: read-only until the grace period ends. */
export function trialEndedMail(opts: {
  name: string;
  plan: PlanId;
  graceDays: number;
  graceEndsAt: Date;
  appUrl: string;
}): RenderedMail {
  const planName = PLANS[opts.plan].name;
  const when = formatProseDate(opts.graceEndsAt.toISOString());
  return actionMail({
    subject: `Your ${planName} trial has ended`,
    greeting: greeting(opts.name),
    paragraphs: [
      `Your Stackwise ${planName} trial has ended. For the next ${plural(opts.graceDays, 'day')} (until ${when}) your account is read-only: you can view and export your data, but not change it.`,
      'Upgrade to a paid plan to continue where you left off, or move to the free Starter plan.',
    ],
    actionText: 'Choose a plan',
    actionUrl: `${opts.appUrl}/app/settings/plans`,
  });
}
