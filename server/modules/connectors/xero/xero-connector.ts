// Xero: bills (accounts-payable invoices) and spend money transactions become expenses.
//   OAuth 2.0 with PKCE (developer.xero.com, "OAuth 2.0 → Auth code flow / PKCE"): authorize at
//   login.xero.com/identity/connect/authorize, tokens at identity.xero.com/connect/token (the client
//   as HTTP Basic; refresh tokens rotate, each single use); scopes offline_access
//   accounting.transactions.read.
//   Tenants ("Check the tenants you're authorized to access"): GET /connections → [{ tenantId,
//   tenantType: "ORGANISATION", tenantName }]; every API call names one in `xero-tenant-id`.
//   Accounting API: GET /api.xro/2.0/Invoices?where=Type=="ACCPAY"&page=N and
//   GET /api.xro/2.0/BankTransactions?where=Type=="SPEND"&page=N, 100 per page, only what changed
//   since `If-Modified-Since` (deleted and voided ones included, with their status). Dates in the
//   Microsoft JSON form `/Date(1700000000000+0000)/` ("Requests and responses → JSON dates").
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

type Kind = 'Invoice' | 'BankTransaction';
/** Statuses that are spend: a draft is not booked yet; deleted and voided ones go. */
const LIVE: Record<Kind, string[]> = {
  Invoice: ['SUBMITTED', 'AUTHORISED', 'PAID'],
  BankTransaction: ['AUTHORISED'],
};

export const xeroSourceId = (kind: Kind, id: string) => `${kind}:${id}`;

function linkOf(kind: Kind, id: string) {
  return kind === 'Invoice'
    ? `https://go.xero.com/AccountsPayable/View.aspx?InvoiceID=${encodeURIComponent(id)}`
    : `https://go.xero.com/Bank/ViewTransaction.aspx?bankTransactionID=${encodeURIComponent(id)}`;
}

/** A bill or spend transaction as an expense line; null when it is no (longer) spend. */
export function xeroLine(kind: Kind, item: XeroInvoice | XeroBankTransaction): AccountingLine | null {
  const id =
    kind === 'Invoice' ? (item as XeroInvoice).InvoiceID : (item as XeroBankTransaction).BankTransactionID;
  const date = xeroDay(item);
  if (!LIVE[kind].includes(item.Status) || !item.Total || !date) return null;
  const lines = (item.LineItems ?? []).map((l) => l.Description?.trim()).filter(Boolean);
  return {
    providerId: xeroSourceId(kind, id),
    date,
    vendorName: item.Contact?.Name?.trim() || lines[0] || item.Reference || kind,
    amount: item.Total,
    currency: item.CurrencyCode ?? null,
    memo: item.Reference?.trim() || lines.join('; ') || null,
    link: linkOf(kind, id),
  };
}

/** `If-Modified-Since` as Xero's examples write it: UTC, to the second, no zone. */
const modifiedSince = (iso: string) => new Date(iso).toISOString().slice(0, 19);

async function readKind(session: SyncSession, kind: Kind) {
  if (!session.accountId)
    throw new NeedsReconnectError('The Xero organisation is unknown; connect again to choose it.');
  const tenant = session.accountId;
  const path = kind === 'Invoice' ? '/api.xro/2.0/Invoices' : '/api.xro/2.0/BankTransactions';
  const where = kind === 'Invoice' ? 'Type=="ACCPAY"' : 'Type=="SPEND"';
  await session.step(kind === 'Invoice' ? 'bills' : 'spend', async (cursor, save) => {
    const since = cursor.since ?? null;
    let latest = cursor.latest ?? since;
    let page = Number(cursor.pageToken ?? 1) || 1;
    for (;;) {
      const answer = await session.api.get<{
        Invoices?: XeroInvoice[];
        BankTransactions?: XeroBankTransaction[];
      }>(
        path,
        { where, page },
        { 'xero-tenant-id': tenant, ...(since ? { 'if-modified-since': modifiedSince(since) } : {}) },
      );
      const items: Array<XeroInvoice | XeroBankTransaction> =
        (kind === 'Invoice' ? answer.Invoices : answer.BankTransactions) ?? [];
      const lines: AccountingLine[] = [];
      const gone: string[] = [];
      for (const item of items) {
        // The filter is the server's; a stray type (ACCREC, SPEND-PREPAYMENT) is no spend here.
        if (item.Type !== (kind === 'Invoice' ? 'ACCPAY' : 'SPEND')) continue;
        const line = xeroLine(kind, item);
        const id =
          kind === 'Invoice'
            ? (item as XeroInvoice).InvoiceID
            : (item as XeroBankTransaction).BankTransactionID;
        if (line) lines.push(line);
        else gone.push(xeroSourceId(kind, id));
        const updated = parseXeroDate(item.UpdatedDateUTC)?.toISOString();
        if (updated && (!latest || updated > latest)) latest = updated;
      }
      await session.expenses(lines);
      await session.removedExpenses(gone);
      session.count('pages');
      session.count('events', items.length);
      const more = items.length >= XERO_PAGE;
      page += 1;
      const next: StepCursor = more
        ? { since, pageToken: String(page), latest }
        : { since: latest, pageToken: null, latest: null };
      await save(next);
      if (!more) break;
    }
  });
}

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
    const tenants = (await response.json()) as XeroTenant[];
    const organisation = tenants.find((t) => t.tenantType === 'ORGANISATION');
    if (!organisation) throw new Error('no Xero organisation was authorised.');
    return { accountId: organisation.tenantId };
  },
  async sync(session) {
    await readKind(session, 'Invoice');
    await readKind(session, 'BankTransaction');
  },
};
