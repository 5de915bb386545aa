// GET /api/export?format=xlsx: the same data as the JSON export, one sheet per table, for the finance
// team's spreadsheet. Instants become their UTC calendar day; the JSON keeps the full timestamps.
import { SETTINGS_LIST_LABELS, SETTINGS_LISTS } from '../../../common/contracts/settings-lists';
import { todayInTimeZone } from '../../../common/dates';
import { resolveTable, type ExportColumn, type ResolvedTable } from '../../lib/table-export/columns';
import type { RequestContext, ServiceDeps } from '../../types';
import { loadApplications } from './data-export';
import { loadPriceHistory, loadSettingsLists, loadVendors } from './data-export.repo';
import { applicationsTable, withAllocations } from './subscriptions-export';

type PriceChange = Awaited<ReturnType<typeof loadPriceHistory>>[number] & { application: string };
type Vendor = Awaited<ReturnType<typeof loadVendors>>[number];
interface ListItem {
  list: string;
  name: string;
  color: string | null;
}

const text = <T>(header: string, value: (row: T) => string | null, width = 20): ExportColumn<T> => ({
  header,
  kind: 'text',
  width,
  value,
});

const PRICE_COLUMNS: ExportColumn<PriceChange>[] = [
  text('Application', (c) => c.application, 28),
  { header: 'Effective date', kind: 'date', width: 14, value: (c) => c.effectiveDate },
  { header: 'Changed on', kind: 'date', width: 12, value: (c) => todayInTimeZone(c.changedAt) },
  text('Source', (c) => c.source, 10),
  text('Changed fields', (c) => c.fields.join(', '), 24),
  {
    header: 'Previous amount',
    kind: 'money',
    width: 15,
    value: (c) => c.previous?.amountMinor ?? null,
    currency: (c) => c.previous?.currency ?? c.current.currency,
  },
  {
    header: 'New amount',
    kind: 'money',
    width: 15,
    value: (c) => c.current.amountMinor,
    currency: (c) => c.current.currency,
  },
  { header: 'Previous seats', kind: 'number', width: 10, value: (c) => c.previous?.seats ?? null },
  { header: 'New seats', kind: 'number', width: 10, value: (c) => c.current.seats },
  text('Billing cycle', (c) => c.current.billingCycle, 13),
];

const VENDOR_COLUMNS: ExportColumn<Vendor>[] = [
  text('Name', (v) => v.name, 24),
  text('Website', (v) => v.website, 28),
  text('Domain', (v) => v.domain),
  text('Account manager', (v) => v.accountManagerName),
  text('Account manager email', (v) => v.accountManagerEmail, 26),
  text('Account manager phone', (v) => v.accountManagerPhone),
  text('Support email', (v) => v.supportEmail, 26),
  text('Support URL', (v) => v.supportUrl, 28),
  text('Notes', (v) => v.notes, 40),
];

const LIST_COLUMNS: ExportColumn<ListItem>[] = [
  text('List', (i) => i.list, 16),
  text('Name', (i) => i.name, 28),
  text('Colour', (i) => i.color, 10),
];

const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** The organization's data as workbook sheets: applications, price history, vendors, lists. */
export async function everythingTables(deps: ServiceDeps, ctx: RequestContext): Promise<ResolvedTable[]> {
  const applications = await loadApplications(deps, ctx);
  const names = new Map(applications.map((a) => [a.id, a.name]));
  const changes = (await loadPriceHistory(deps, ctx)).map((c) => ({
    ...c,
    application: names.get(c.subscriptionId) ?? c.subscriptionId,
  }));
  const lists = await loadSettingsLists(deps, ctx);
  const items = SETTINGS_LISTS.flatMap((list) =>
    lists[list].map(({ name, color }) => ({ list: capitalised(SETTINGS_LIST_LABELS[list]), name, color })),
  );
  return [
    applicationsTable(await withAllocations(deps.db, ctx.orgId, applications)),
    resolveTable({ name: 'Price history', columns: PRICE_COLUMNS, rows: changes }),
    resolveTable({ name: 'Vendors', columns: VENDOR_COLUMNS, rows: await loadVendors(deps, ctx) }),
    resolveTable({ name: 'Lists', columns: LIST_COLUMNS, rows: items }),
  ];
}
