// The weekly savings digest (issue 16): every Monday, the members who get the organization's alert
// e-mails receive the week's new opportunities (largest first), what is identified in all and what
// was saved this fiscal year. A daily step that acts on Mondays only, so the scheduler's once per
// organization and day makes it once a week. Separate from the alert digest (alerts/digest.ts),
// which batches one member's queued alerts daily; this one summarises the savings pipeline.
import { addDays, fiscalYearStart, isoWeekday } from '../../../common/dates';
import { formatAmount, sumMinor } from '../../../common/money';
import { canUseFeature } from '../../../common/plans';
import type { DbOrTx } from '../../db/client';
import { actionMail, type RenderedMail } from '../../email/templates';
import type { DailyJob } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { formatDay, summaryRecipients } from '../alerts';
import { plural as pluralOf } from '../../../common/wording';
import { effectivePlanOf, findOrganization } from '../organizations';
import { combineSavings } from './dedupe';
import { insightAlertTitle } from './insight-alerts';
import { digestSummary } from './narrative';
import { weeklyOpportunityRows } from './weekly-digest.repo';

/** Monday (ISO weekday 1). */
export const DIGEST_WEEKDAY = 1;
/** The new opportunities a digest names; the others are in Insights. */
const LISTED = 5;

const startOf = (date: string) => new Date(`${date}T00:00:00Z`);

export interface WeeklyFigures {
  currency: string;
  /** The 7 days the digest covers: the Tuesday before to `date` (the Monday), inclusive. */
  from: string;
  to: string;
  fiscalYearStart: string;
  newCount: number;
  /** Their combined yearly saving, overlaps counted once. */
  newSavingMinor: number;
  /** The largest new ones. */
  top: Array<{ id: string; title: string; savingMinor: number | null; currency: string }>;
  /** Every open opportunity (not snoozed), overlaps counted once. */
  identifiedMinor: number;
  realizedWeekMinor: number;
  realizedFiscalYearMinor: number;
}

/** The digest's figures for the week ending on `date`, in the organization's currency. */
export async function weeklyFigures(
  db: DbOrTx,
  org: { id: string; currency: string; fiscalYearStartMonth: number },
  date: string,
): Promise<WeeklyFigures> {
  const from = addDays(date, -6);
  const weekStart = startOf(from);
  const weekEnd = startOf(addDays(date, 1));
  const fyStart = fiscalYearStart(date, org.fiscalYearStartMonth);
  const { fresh, identified, realized } = await weeklyOpportunityRows(db, org, {
    date,
    weekStart,
    weekEnd,
    fiscalYearStart: startOf(fyStart),
  });
  return {
    currency: org.currency,
    from,
    to: date,
    fiscalYearStart: fyStart,
    newCount: fresh.length,
    newSavingMinor: combineSavings(fresh).annualMinor,
    top: fresh
      .slice(0, LISTED)
      .map(({ id, title, savingMinor, currency }) => ({ id, title, savingMinor, currency })),
    identifiedMinor: Number(identified?.minor ?? 0),
    realizedWeekMinor: sumMinor(realized.filter((r) => r.at && r.at >= weekStart).map((r) => r.minor ?? 0)),
    realizedFiscalYearMinor: sumMinor(realized.map((r) => r.minor ?? 0)),
  };
}

/** '1 opportunity', '3 opportunities' (common/wording.ts). */
const plural = (n: number, one: string, many: string) => pluralOf(n, one, many);

/** The figures as plain sentences: the template summary and what the model may reword. */
export function digestFacts(f: WeeklyFigures): { facts: string[]; template: string } {
  const money = (minor: number) => formatAmount(minor, f.currency);
  const facts = [
    `Week: ${formatDay(f.from)} to ${formatDay(f.to)}`,
    `New savings opportunities this week: ${f.newCount}, worth ${money(f.newSavingMinor)} a year together`,
    `Savings realized this week: ${money(f.realizedWeekMinor)} a year`,
    `Open opportunities identified in all: ${money(f.identifiedMinor)} a year`,
    `Savings realized this fiscal year (since ${formatDay(f.fiscalYearStart)}): ${money(f.realizedFiscalYearMinor)} a year`,
  ];
  const template = [
    f.newCount > 0
      ? `This week Stackwise found ${plural(f.newCount, 'new savings opportunity', 'new savings opportunities')} worth ${money(f.newSavingMinor)} a year.`
      : 'Stackwise found no new savings opportunities this week.',
    f.realizedWeekMinor > 0
      ? `Savings worth ${money(f.realizedWeekMinor)} a year were realized this week.`
      : null,
    `Open opportunities add up to ${money(f.identifiedMinor)} a year, and savings worth ${money(f.realizedFiscalYearMinor)} a year have been realized this fiscal year (since ${formatDay(f.fiscalYearStart)}).`,
  ]
    .filter(Boolean)
    .join(' ');
  return { facts, template };
}

export function weeklyDigestMail(
  f: WeeklyFigures,
  summary: string,
  appUrl: string,
  firstName: string,
): RenderedMail {
  const link = (path: string) => new URL(path, appUrl).toString();
  const subject =
    f.newCount > 0
      ? `[Stackwise] Weekly savings: ${plural(f.newCount, 'new opportunity', 'new opportunities')} worth ${formatAmount(f.newSavingMinor, f.currency)} a year`
      : `[Stackwise] Weekly savings: ${formatAmount(f.realizedWeekMinor, f.currency)} a year realized this week`;
  const more = f.newCount - f.top.length;
  return actionMail({
    subject,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      summary,
      ...(f.top.length > 0
        ? [
            f.newCount === 1 ? 'The new opportunity:' : 'The largest new ones:',
            ...f.top.map((o) =>
              o.savingMinor === null
                ? `• ${o.title} (saving not computed: a price is missing) — ${link(`/app/insights/${o.id}`)}`
                : `• ${insightAlertTitle(o)} — ${link(`/app/insights/${o.id}`)}`,
            ),
            ...(more > 0 ? [`…and ${more} more in Insights.`] : []),
          ]
        : []),
    ],
    actionText: 'Open Insights',
    actionUrl: link('/app/insights'),
    footer:
      '— Stackwise savings digest, every Monday. It goes to the roles chosen for alert e-mails in Settings → Notifications.',
  });
}

/**
 * Sends the organization's weekly digest for the week ending on `date` when `date` is a Monday,
 * the plan has insights and the week has something to say (new opportunities or savings).
 * Answers how many e-mails it sent.
 */
export async function sendWeeklyDigest(deps: ServiceDeps, orgId: string, date: string): Promise<number> {
  if (isoWeekday(date) !== DIGEST_WEEKDAY) return 0;
  const org = await findOrganization(deps.db, orgId);
  if (!org || !canUseFeature(effectivePlanOf(org, deps.clock.now()), 'insights')) return 0;
  const figures = await weeklyFigures(deps.db, org, date);
  if (figures.newCount === 0 && figures.realizedWeekMinor === 0) return 0;
  const recipients = await summaryRecipients(deps.db, orgId);
  if (recipients.length === 0) return 0;
  const { facts, template } = digestFacts(figures);
  const summary = await digestSummary(deps, facts, template);
  for (const r of recipients) {
    await deps.mailer.send({
      to: r.email,
      ...weeklyDigestMail(figures, summary, deps.env.APP_URL, r.firstName),
      organizationId: orgId,
    });
  }
  return recipients.length;
}

/** Runs after the day's insight generation, so Monday's new opportunities are in it. */
export const insightsDigestJob: DailyJob = {
  name: 'insights.weekly-digest',
  // Mondays only, once: a second run of the day would mail the same digest again.
  oncePerDay: true,
  run: async (deps, { orgId, date }) => {
    await sendWeeklyDigest(deps, orgId, date);
  },
};
