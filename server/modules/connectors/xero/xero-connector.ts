// Xero: bills (accounts-payable invoices) and spend money transactions become expenses; supplier
// credit notes and money received from suppliers (refunds) become negative ones. Every organisation
// the consent reached is synced, each with its own cursors; its expenses go to the legal entity of
// the same name when the company has one.
//   OAuth 2.0 with PKCE (developer.xero.com, "OAuth 2.0 → Auth code flow / PKCE"): authorize at
//   login.xero.com/identity/connect/authorize, tokens at identity.xero.com/connect/token (the client
//   as HTTP Basic; refresh tokens rotate, each single use); scopes offline_access
//   accounting.transactions.read.
//   Tenants ("Check the tenants you're authorized to access"): GET /connections → [{ tenantId,
//   tenantType: "ORGANISATION", tenantName }], read at every sync (a consent may add or remove
//   organisations); every API call names one in `xero-tenant-id`.
//   Accounting API: GET /api.xro/2.0/Invoices?where=Type=="ACCPAY"&page=N,
//   GET /api.xro/2.0/CreditNotes?where=Type=="ACCPAYCREDIT"&page=N ("Credit Notes": a supplier's
//   credit) and GET /api.xro/2.0/BankTransactions?where=Type=="SPEND" OR Type=="RECEIVE"&page=N
//   ("Bank Transactions": RECEIVE is money received; RECEIVE-OVERPAYMENT and -PREPAYMENT are a
//   customer's, left out), 100 per page, only what changed since `If-Modified-Since` (deleted and
//   voided ones included, with their status). A RECEIVE is a supplier's refund when its contact is a
//   supplier, which Xero defines as a contact with bills ("Contacts": IsSupplier): asked without the
//   contacts scope as GET Invoices?where=Type=="ACCPAY"&ContactIDs=…&summaryOnly=true. Dates in the Microsoft JSON
//   form `/Date(1700000000000+0000)/` ("Requests and responses → JSON dates").
import type { Env } from '../../../env';
import type { AccountingLine, ConnectedAccount, Connector, StepCursor, SyncSession } from '../connector';
import { NeedsReconnectError, ProviderError } from '../provider-http';

export const XERO_SCOPES = ['offline_access', 'accounting.transactions.read'];
export const XERO_PAGE = 100;

export interface XeroLineItem {
  LineItemID?: string;
  Description?: string;
  LineAmount?: number;
}
interface XeroCommon {
  Contact?: { ContactID?: string; Name?: string };
  Type: string;
  /** `/Date(ms+zzzz)/`. */
  Date?: string;
  /** `2026-03-01T00:00:00` (the date in the organisation's time zone). */
  DateString?: string;
  Status: string;
  LineItems?: XeroLineItem[];
  Total: number;
  CurrencyCode?: string;
  Reference?: string;
  UpdatedDateUTC?: string;
}
export interface XeroInvoice extends XeroCommon {
  InvoiceID: string;
  InvoiceNumber?: string;
  Type: 'ACCPAY' | 'ACCREC';
}
export interface XeroCreditNote extends XeroCommon {
  CreditNoteID: string;
  CreditNoteNumber?: string;
  Type: 'ACCPAYCREDIT' | 'ACCRECCREDIT';
}
export interface XeroBankTransaction extends XeroCommon {
  BankTransactionID: string;
  Type: string;
  IsReconciled?: boolean;
}
export interface XeroTenant {
  id: string;
  tenantId: string;
  tenantType: string;
  tenantName?: string;
}

/** `/Date(1700000000000+0100)/` → the instant; also accepts ISO text. Null when unreadable. */
export function parseXeroDate(value: string | undefined | null): Date | null {
  if (!value) return null;
  const match = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (match) return new Date(Number(match[1]));
  const iso = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(iso) ? new Date(iso) : null;
}

/** The calendar day of a Xero date: DateString's day, else the /Date()/ instant in its own offset. */
export function xeroDay(item: Pick<XeroCommon, 'Date' | 'DateString'>): string | null {
  if (item.DateString && /^\d{4}-\d{2}-\d{2}/.test(item.DateString)) return item.DateString.slice(0, 10);
  const match = /^\/Date\((-?\d+)([+-])(\d{2})(\d{2})\)\/$/.exec(item.Date ?? '');
  if (match) {
    const offset = (match[2] === '-' ? -1 : 1) * (Number(match[3]) * 60 + Number(match[4])) * 60_000;
    return new Date(Number(match[1]) + offset).toISOString().slice(0, 10);
  }
  return parseXeroDate(item.Date)?.toISOString().slice(0, 10) ?? null;
}

type Kind = 'Invoice' | 'CreditNote' | 'BankTransaction';
type XeroItem = XeroInvoice | XeroCreditNote | XeroBankTransaction;

/** How each kind is read: its endpoint, filter, step, and which of its types are spend (+1) or credit (-1). */
const KINDS: Record<
  Kind,
  {
    path: string;
    list: 'Invoices' | 'CreditNotes' | 'BankTransactions';
    where: string;
    step: string;
    sign: Record<string, 1 | -1>;
    /** Statuses that are booked: a draft is not yet; deleted and voided ones go. */
    live: string[];
    id(item: XeroItem): string;
    link(id: string): string;
  }
> = {
  Invoice: {
    path: '/api.xro/2.0/Invoices',
    list: 'Invoices',
    where: 'Type=="ACCPAY"',
    step: 'bills',
    sign: { ACCPAY: 1 },
    live: ['SUBMITTED', 'AUTHORISED', 'PAID'],
    id: (item) => (item as XeroInvoice).InvoiceID,
    link: (id) => `https://go.xero.com/AccountsPayable/View.aspx?InvoiceID=${encodeURIComponent(id)}`,
  },
  CreditNote: {
    path: '/api.xro/2.0/CreditNotes',
    list: 'CreditNotes',
    where: 'Type=="ACCPAYCREDIT"',
    step: 'credits',
    sign: { ACCPAYCREDIT: -1 },
    live: ['SUBMITTED', 'AUTHORISED', 'PAID'],
    id: (item) => (item as XeroCreditNote).CreditNoteID,
    link: (id) =>
      `https://go.xero.com/AccountsPayable/ViewCreditNote.aspx?creditNoteID=${encodeURIComponent(id)}`,
  },
  BankTransaction: {
    path: '/api.xro/2.0/BankTransactions',
    list: 'BankTransactions',
    where: 'Type=="SPEND" OR Type=="RECEIVE"',
    step: 'spend',
    sign: { SPEND: 1, RECEIVE: -1 },
    live: ['AUTHORISED'],
    id: (item) => (item as XeroBankTransaction).BankTransactionID,
    link: (id) => `https://go.xero.com/Bank/ViewTransaction.aspx?bankTransactionID=${encodeURIComponent(id)}`,
  },
};

/** Ids are GUIDs, namespaced by organisation all the same: one organisation's ids never meet another's. */
export const xeroSourceId = (tenantId: string, kind: Kind, id: string) => `${tenantId}:${kind}:${id}`;

/**
 * A bill, credit note or spend/receive transaction as an expense line (credits negative); null when
 * it is no (longer) booked.
 */
export function xeroLine(tenant: XeroTenant, kind: Kind, item: XeroItem): AccountingLine | null {
  const spec = KINDS[kind];
  const id = spec.id(item);
  const date = xeroDay(item);
  const sign = spec.sign[item.Type];
  if (!sign || !spec.live.includes(item.Status) || !item.Total || !date) return null;
  const lines = (item.LineItems ?? []).map((l) => l.Description?.trim()).filter(Boolean);
  return {
    providerId: xeroSourceId(tenant.tenantId, kind, id),
    date,
    vendorName: item.Contact?.Name?.trim() || lines[0] || item.Reference || kind,
    amount: sign * Math.abs(item.Total),
    currency: item.CurrencyCode ?? null,
    memo: item.Reference?.trim() || lines.join('; ') || null,
    link: spec.link(id),
    entity: tenant.tenantName ?? null,
  };
}

/** `If-Modified-Since` as Xero's examples write it: UTC, to the second, no zone. */
const modifiedSince = (iso: string) => new Date(iso).toISOString().slice(0, 19);

/**
 * Of the contacts of money received, the suppliers: those with bills (Xero's own IsSupplier), asked
 * through Invoices' ContactIDs filter, page by page until each is found or the pages end.
 */
async function suppliersAmong(session: SyncSession, tenantId: string, contactIds: string[]) {
  const wanted = new Set(contactIds);
  const found = new Set<string>();
  for (let page = 1; wanted.size > found.size; page += 1) {
    const answer = await session.api.get<{ Invoices?: XeroInvoice[] }>(
      KINDS.Invoice.path,
      { where: KINDS.Invoice.where, ContactIDs: [...wanted].join(','), summaryOnly: 'true', page },
      { 'xero-tenant-id': tenantId },
    );
    const bills = answer.Invoices ?? [];
    for (const bill of bills) if (bill.Contact?.ContactID) found.add(bill.Contact.ContactID);
    if (bills.length < XERO_PAGE) break;
  }
  return found;
}

async function readKind(session: SyncSession, tenant: XeroTenant, kind: Kind) {
  const spec = KINDS[kind];
  await session.step(`${spec.step}:${tenant.tenantId}`, async (cursor, save) => {
    const since = cursor.since ?? null;
    let latest = cursor.latest ?? since;
    let page = Number(cursor.pageToken ?? 1) || 1;
    for (;;) {
      const answer = await session.api.get<Partial<Record<(typeof spec)['list'], XeroItem[]>>>(
        spec.path,
        { where: spec.where, page },
        {
          'xero-tenant-id': tenant.tenantId,
          ...(since ? { 'if-modified-since': modifiedSince(since) } : {}),
        },
      );
      // The filter is the server's; a stray type (ACCREC, SPEND-PREPAYMENT) is no spend here.
      const items = (answer[spec.list] ?? []).filter((item) => spec.sign[item.Type]);
      const lines = items.flatMap((item) => {
        const line = xeroLine(tenant, kind, item);
        return line ? [{ item, line }] : [];
      });
      const refunds = lines.filter(({ item }) => item.Type === 'RECEIVE');
      const suppliers = await suppliersAmong(
        session,
        tenant.tenantId,
        refunds.flatMap(({ item }) => (item.Contact?.ContactID ? [item.Contact.ContactID] : [])),
      );
      // Money received from anyone but a supplier (a customer, a loan) is no refund of spend.
      await session.expenses(
        lines
          .filter(({ item }) => item.Type !== 'RECEIVE' || suppliers.has(item.Contact?.ContactID ?? ''))
          .map(({ line }) => line),
      );
      await session.removedExpenses(
        items
          .filter((item) => !xeroLine(tenant, kind, item))
          .map((item) => xeroSourceId(tenant.tenantId, kind, spec.id(item))),
      );
      for (const item of items) {
        const updated = parseXeroDate(item.UpdatedDateUTC)?.toISOString();
        if (updated && (!latest || updated > latest)) latest = updated;
      }
      session.count('pages');
      session.count('events', items.length);
      const raw = answer[spec.list]?.length ?? 0;
      const more = raw >= XERO_PAGE;
      page += 1;
      const next: StepCursor = more
        ? { since, pageToken: String(page), latest }
        : { since: latest, pageToken: null, latest: null };
      await save(next);
      if (!more) break;
    }
  });
}

/** The organisations a consent reached (GET /connections; other tenant types are no books). */
const organisations = (tenants: XeroTenant[]) => tenants.filter((t) => t.tenantType === 'ORGANISATION');

export const xero: Connector = {
  provider: 'xero',
  auth: 'oauth',
  ownCatalogSlug: 'xero',
  oauth(env: Env) {
    if (!env.XERO_OAUTH_CLIENT_ID || !env.XERO_OAUTH_CLIENT_SECRET) return null;
    return {
      authorizeUrl: env.XERO_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.XERO_OAUTH_TOKEN_URL,
      clientId: env.XERO_OAUTH_CLIENT_ID,
      clientSecret: env.XERO_OAUTH_CLIENT_SECRET,
      scopes: XERO_SCOPES,
      clientAuth: 'basic',
    };
  },
  apiBaseUrl: (env: Env) => env.XERO_API_BASE_URL,
  async connectedAccount({ env, accessToken }): Promise<ConnectedAccount> {
    const response = await fetch(new URL('/connections', env.XERO_API_BASE_URL), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (!response.ok) throw new ProviderError(response.status, 'GET /connections');
    if (organisations((await response.json()) as XeroTenant[]).length === 0)
      throw new Error('no Xero organisation was authorised.');
    // No one account: each sync reads the organisations, whose cursors are kept apart by tenant id
    // (a reconnection keeps those of the organisations still connected).
    return { accountId: null };
  },
  async sync(session) {
    const tenants = organisations(await session.api.get<XeroTenant[]>('/connections', {}));
    if (tenants.length === 0)
      throw new NeedsReconnectError(
        'No Xero organisation is connected any more; connect again to choose one.',
      );
    for (const tenant of tenants)
      for (const kind of ['Invoice', 'CreditNote', 'BankTransaction'] as const)
        await readKind(session, tenant, kind);
  },
};
