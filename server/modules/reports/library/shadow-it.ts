// Shadow IT: recurring card and invoice charges that match no application in the inventory (the
// expenses module's discovery), charged during the period, with what they cost a year.
import { convertEach } from '../../fx-rates';
import { annualisedMinor } from '../../../../common/billing';
import { discoverRecurring, isShadowIt } from '../../expenses';
import { todayOf, totalsOf, unconvertedNote, type ReportBuilder } from './report-builder';

export const shadowIt: ReportBuilder = async (deps, ctx, range) => {
  const today = todayOf(deps);
  const found = (await discoverRecurring(deps.db, ctx.orgId, today))
    .filter((p) => isShadowIt(p) && p.lastDate >= range.from && p.firstDate <= range.to)
    .map((p) => ({ ...p, yearlyMinor: annualisedMinor(p.amountMinor, p.cycle) }));
  const converted = await convertEach(
    deps.db,
    ctx.orgId,
    found.flatMap((p) => [
      { currency: p.currency, amountMinor: p.amountMinor },
      { currency: p.currency, amountMinor: p.yearlyMinor },
      { currency: p.currency, amountMinor: p.totalMinor },
    ]),
    ctx.org.currency,
    today,
  );
  const missing = [...new Set(found.filter((_, i) => converted[i * 3] === null).map((p) => p.currency))];
  const rows = found
    .map((p, i) => ({
      merchant: p.sampleMerchant,
      application: p.name,
      cycle: p.cycle,
      charges: p.occurrences,
      firstCharge: p.firstDate,
      lastCharge: p.lastDate,
      latestAmount: converted[i * 3] ?? null,
      yearly: converted[i * 3 + 1] ?? null,
      totalPaid: converted[i * 3 + 2] ?? null,
    }))
    .sort((a, b) => (b.yearly ?? 0) - (a.yearly ?? 0) || a.merchant.localeCompare(b.merchant));
  const table = {
    id: 'charges',
    title: 'Unmatched recurring charges',
    type: 'table' as const,
    columns: [
      { key: 'merchant', label: 'Merchant', format: 'text' as const },
      { key: 'application', label: 'Looks like', format: 'text' as const },
      { key: 'cycle', label: 'Cycle', format: 'text' as const },
      { key: 'charges', label: 'Charges', format: 'number' as const },
      { key: 'firstCharge', label: 'First charge', format: 'date' as const },
      { key: 'lastCharge', label: 'Last charge', format: 'date' as const },
      { key: 'latestAmount', label: 'Latest charge', format: 'money' as const },
      { key: 'yearly', label: 'Yearly cost', format: 'money' as const },
      { key: 'totalPaid', label: 'Paid so far', format: 'money' as const },
    ],
    rows,
    empty: 'No unmatched recurring charges: every recurring charge belongs to an application.',
  };
  const totals = totalsOf(table, ['charges', 'yearly', 'totalPaid']);
  const top = rows.slice(0, 10);
  return [
    {
      id: 'summary',
      title: '',
      type: 'kpis',
      items: [
        {
          label: 'Unregistered tools',
          value: rows.length,
          format: 'number',
          tone: rows.length > 0 ? 'bad' : 'good',
        },
        {
          label: 'Their yearly cost',
          value: Number(totals?.yearly ?? 0),
          format: 'money',
          hint: unconvertedNote(missing),
        },
        { label: 'Paid to them so far', value: Number(totals?.totalPaid ?? 0), format: 'money' },
      ],
    },
    {
      id: 'top',
      title: 'Largest by yearly cost',
      type: 'chart',
      chart: 'bar',
      categories: top.map((r) => r.application),
      series: [{ name: 'Yearly cost', values: top.map((r) => r.yearly) }],
      format: 'money',
    },
    { ...table, totals },
    {
      id: 'next',
      title: 'What to do',
      type: 'text',
      paragraphs: [
        'Each of these merchants charges a card or sends invoices on a regular cycle but matches no application. Add them to the inventory from the Expenses page, where each is proposed as a new application (one click creates it and matches its charges), or dismiss the ones that are not software.',
      ],
    },
  ];
};
