// License utilisation: seats purchased, assigned and active per application, and what the unused
// seats cost a year, in the organization's currency at today's rates.
import { convertEach } from '../../fx-rates';
import { licensesOverview, unusedSeatCost } from '../../licenses';
import { unusedSeatYearlyMinor } from '../../../../common/licenses';
import { plural, pluralWord } from '../../../../common/wording';
import { percentOf, todayOf, totalsOf, unconvertedNote, type ReportBuilder } from './report-builder';

/** Unused seats a year: 12 × the monthly figure product analytics shows (issue 31). */
const yearlyUnused = (monthly: number | null | undefined) =>
  monthly === undefined ? 0 : monthly === null ? null : unusedSeatYearlyMinor(monthly);

export const licenseUtilisation: ReportBuilder = async (deps, ctx) => {
  const [overview, unused] = await Promise.all([licensesOverview(deps, ctx), unusedSeatCost(deps, ctx)]);
  const currency = ctx.org.currency;
  const apps = overview.applications;
  const converted = await convertEach(
    deps.db,
    ctx.orgId,
    apps.flatMap((a) => [
      { currency: a.currency, amountMinor: a.utilisation.yearlyCostMinor },
      { currency: a.currency, amountMinor: a.utilisation.wasteYearlyMinor },
    ]),
    currency,
    todayOf(deps),
  );
  const missing = [...new Set(apps.filter((_, i) => converted[i * 2] === null).map((a) => a.currency))];
  const rows = apps.map((a, i) => ({
    application: a.name,
    category: a.category,
    purchased: a.utilisation.purchased,
    assigned: a.utilisation.assigned,
    active: a.activeUsers,
    utilisation: a.utilisation.utilisationPct,
    wastedSeats: a.utilisation.wastedSeats,
    yearlyCost: converted[i * 2] ?? null,
    unusedCost: yearlyUnused(unused.monthlyByApplication.get(a.subscriptionId)),
    usageData: a.hasUsageData ? 'Yes' : 'No',
  }));
  const table = {
    columns: [
      { key: 'application', label: 'Application', format: 'text' as const },
      { key: 'category', label: 'Category', format: 'text' as const },
      { key: 'purchased', label: 'Purchased', format: 'number' as const },
      { key: 'assigned', label: 'Assigned', format: 'number' as const },
      { key: 'active', label: 'Active', format: 'number' as const },
      { key: 'utilisation', label: 'Utilisation', format: 'percent' as const },
      { key: 'wastedSeats', label: 'Unused seats', format: 'number' as const },
      { key: 'yearlyCost', label: 'Yearly cost', format: 'money' as const },
      { key: 'unusedCost', label: 'Unused seats cost / year', format: 'money' as const },
      { key: 'usageData', label: 'Usage data', format: 'text' as const },
    ],
    rows,
  };
  const totals = totalsOf(table, ['assigned', 'active', 'wastedSeats', 'yearlyCost', 'unusedCost']);
  totals!.purchased = overview.totals.purchased;
  totals!.utilisation = percentOf(
    overview.totals.active,
    overview.totals.purchased ?? overview.totals.assigned,
  );
  const unusedCost = Number(totals!.unusedCost);
  const worst = rows.filter((r) => (r.unusedCost ?? 0) > 0).slice(0, 10);
  const note = unconvertedNote(missing);
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        { label: 'Seats purchased', value: overview.totals.purchased, format: 'number' },
        { label: 'Seats assigned', value: overview.totals.assigned, format: 'number' },
        {
          label: 'Active seats',
          value: overview.totals.active,
          format: 'number',
          hint: `Seen in the last ${plural(overview.inactivityDays, 'day')}`,
        },
        {
          label: 'Utilisation',
          value: totals!.utilisation ?? null,
          format: 'percent',
          hint: 'Active seats per seat paid for',
        },
        {
          label: 'Unused seats cost / year',
          value: unusedCost,
          format: 'money',
          hint: note,
          tone: unusedCost > 0 ? 'bad' : 'good',
        },
        { label: 'Applications with seats', value: apps.length, format: 'number' },
      ],
    },
    {
      id: 'unused-cost',
      title: 'Where unused seats cost the most (per year)',
      type: 'chart',
      chart: 'bar',
      categories: worst.map((r) => r.application),
      series: [{ name: 'Unused seats cost / year', values: worst.map((r) => r.unusedCost) }],
      format: 'money',
    },
    {
      id: 'applications',
      title: 'Utilisation by application',
      type: 'table',
      ...table,
      totals,
      empty: 'No license pools yet: add seats to an application to see its utilisation.',
    },
    ...(apps.some((a) => !a.hasUsageData)
      ? [
          {
            id: 'no-usage',
            title: 'Applications without usage data',
            type: 'text' as const,
            paragraphs: [
              `${apps.filter((a) => !a.hasUsageData).length} of ${plural(apps.length, 'application')} ${pluralWord(apps.filter((a) => !a.hasUsageData).length, 'has')} no usage data: their seats count as active only when someone records activity. Import usage to measure them.`,
            ],
          },
        ]
      : []),
  ];
};
