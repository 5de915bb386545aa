// The filtered applications list as CSV or XLSX. Headers read back through the CSV importer.
import { fromMinor, toDecimalString } from '../../../common/money';
import type { PresentedSubscription } from '../subscriptions';
import { csvLine } from '../imports';
import { buildXlsx, type XlsxCell } from './xlsx';

type Kind = XlsxCell['kind'];
interface Column {
  header: string;
  kind: Kind;
  width?: number;
  /** Money columns give minor units; the writers format them. */
  value: (s: PresentedSubscription) => string | number | null;
}

const money = (header: string, pick: (s: PresentedSubscription) => number | null): Column => ({
  header,
  kind: 'money',
  width: 14,
  value: pick,
});

export const EXPORT_COLUMNS: Column[] = [
  { header: 'Name', kind: 'text', width: 28, value: (s) => s.name },
  { header: 'Vendor', kind: 'text', width: 22, value: (s) => s.vendorName },
  { header: 'Category', kind: 'text', width: 20, value: (s) => s.categoryName },
  { header: 'Status', kind: 'text', width: 11, value: (s) => s.status },
  { header: 'Owner email', kind: 'text', width: 26, value: (s) => s.ownerEmail },
  { header: 'Owner name', kind: 'text', width: 20, value: (s) => s.ownerName },
  { header: 'Department', kind: 'text', width: 16, value: (s) => s.department },
  {
    header: 'Billing cycle',
    kind: 'text',
    width: 13,
    value: (s) => (s.billingCycle === 'multi-year' ? `${s.intervalMonths} months` : s.billingCycle),
  },
  { header: 'Pricing model', kind: 'text', width: 13, value: (s) => s.pricingModel },
  { header: 'Seats', kind: 'number', width: 8, value: (s) => s.seats },
  money('Price per seat', (s) => s.unitPriceMinor),
  money('Cost per cycle', (s) => s.costPerCycleMinor),
  { header: 'Currency', kind: 'text', width: 9, value: (s) => s.currency },
  money('Monthly cost', (s) => s.monthlyMinor),
  money('Annual cost', (s) => s.annualMinor),
  { header: 'Start date', kind: 'date', width: 12, value: (s) => s.startDate },
  { header: 'Next renewal date', kind: 'date', width: 14, value: (s) => s.nextRenewalDate },
  { header: 'Cancel by', kind: 'date', width: 12, value: (s) => s.cancelByDate },
  { header: 'Auto-renew', kind: 'text', width: 10, value: (s) => (s.autoRenew ? 'yes' : 'no') },
  { header: 'Notice period (days)', kind: 'number', width: 10, value: (s) => s.noticePeriodDays },
  { header: 'Payment method', kind: 'text', width: 18, value: (s) => s.paymentMethodName },
  { header: 'Tags', kind: 'text', width: 20, value: (s) => s.tagNames.join(', ') },
  { header: 'URL', kind: 'text', width: 28, value: (s) => s.url },
  { header: 'Notes', kind: 'text', width: 40, value: (s) => s.notes },
];

export function subscriptionsCsv(items: PresentedSubscription[]): string {
  const lines = [csvLine(EXPORT_COLUMNS.map((c) => c.header))];
  for (const s of items) {
    lines.push(
      csvLine(
        EXPORT_COLUMNS.map((c) => {
          const v = c.value(s);
          return c.kind === 'money' && typeof v === 'number' ? toDecimalString(v, s.currency) : v;
        }),
      ),
    );
  }
  // A byte-order mark so spreadsheet apps read UTF-8 names correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function subscriptionsXlsx(items: PresentedSubscription[]): Buffer {
  const rows = items.map((s) =>
    EXPORT_COLUMNS.map((c): XlsxCell => {
      const v = c.value(s);
      if (c.kind === 'money')
        return { kind: 'money', value: typeof v === 'number' ? fromMinor(v, s.currency) : null };
      if (c.kind === 'number') return { kind: 'number', value: typeof v === 'number' ? v : null };
      if (c.kind === 'date') return { kind: 'date', value: typeof v === 'string' ? v : null };
      return { kind: 'text', value: v === null ? null : String(v) };
    }),
  );
  return buildXlsx(
    'Applications',
    EXPORT_COLUMNS.map(({ header, width }) => ({ header, width })),
    rows,
  );
}
