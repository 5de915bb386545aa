// A local stand-in for Xero's identity server and Accounting API (tests only). It follows Xero's
// published references for what the connector uses:
// - OAuth 2.0 (developer.xero.com/documentation/guides/oauth2/auth-flow and …/oauth2/pkce-flow):
//   GET /identity/connect/authorize?response_type=code&client_id&redirect_uri&scope&state
//   &code_challenge&code_challenge_method=S256; POST /connect/token (Authorization: Basic
//   base64(client_id:client_secret); grant_type=authorization_code with code, redirect_uri and
//   code_verifier; grant_type=refresh_token) answering id_token, access_token, expires_in 1800,
//   token_type Bearer, refresh_token, scope. Refresh tokens rotate: the old one is spent.
// - Connections (…/oauth2/auth-flow "Check the tenants you're authorized to access"): GET
//   /connections → [{ id, authEventId, tenantId, tenantType: "ORGANISATION", tenantName, … }], one
//   per organisation the consent reached.
// - Invoices (…/api/accounting/invoices): GET /api.xro/2.0/Invoices?where=Type=="ACCPAY"&page=N,
//   100 per page, header xero-tenant-id (required) and If-Modified-Since (only what changed since,
//   deleted and voided included) → { Id, Status: "OK", ProviderName, DateTimeUTC, Invoices: [...] };
//   ContactIDs (a comma-separated filter) and summaryOnly. CreditNotes (…/api/accounting/creditnotes)
//   the same with Type=="ACCPAYCREDIT"; BankTransactions (…/api/accounting/banktransactions) with
//   Type=="SPEND" OR Type=="RECEIVE" (`where` joins conditions with OR).
//   Dates in the JSON form "/Date(1700000000000+0000)/" (…/api/accounting/requests-and-responses).
// - Errors (…/api/accounting/responsecodes, …/guides/oauth2/limits): 401 { Type, Title:
//   "Unauthorized", Status: 401, Detail: "AuthenticationUnsuccessful" }; 403 for a tenant not
//   connected; 429 with Retry-After (seconds) and X-Rate-Limit-Problem (minute, day, appminute).
import { randomUUID } from 'node:crypto';
import type { XeroBankTransaction, XeroCreditNote, XeroInvoice } from './xero-connector';
import { type FakeProvider, sendJson, startFakeProvider } from '../fake-provider';

/** One organisation's books. */
export interface FakeXeroOrganisation {
  tenantId: string;
  tenantName: string;
  invoices: XeroInvoice[];
  creditNotes: XeroCreditNote[];
  bankTransactions: XeroBankTransaction[];
}

/** The first organisation's books are the fake's own fields; `organisations` lists every connected one. */
export interface FakeXero extends FakeProvider, FakeXeroOrganisation {
  env: Record<string, string>;
  organisations: FakeXeroOrganisation[];
  /** Another organisation the next consents reach (a random tenant id). */
  addOrganisation(tenantName: string): FakeXeroOrganisation;
}

const LISTS = {
  Invoices: 'invoices',
  CreditNotes: 'creditNotes',
  BankTransactions: 'bankTransactions',
} as const;

/** A /Date(…)/ of an ISO instant, as Xero writes them. */
export const xeroDate = (iso: string) => `/Date(${Date.parse(iso)}+0000)/`;

const problem = (status: number, title: string, detail: string) => ({
  Type: null,
  Title: title,
  Status: status,
  Detail: detail,
  Instance: '00000000-0000-0000-0000-000000000000',
  Extensions: {},
});

const CONDITION = /^Type=="([A-Z-]+)"$/;

/** The types a `where` of `Type=="…"` conditions joined by OR accepts; null when there is none. */
function typesOf(where: string | null) {
  if (!where) return null;
  const types = where.split(' OR ').map((c) => CONDITION.exec(c.trim())?.[1]);
  return types.every(Boolean) ? new Set(types as string[]) : null;
}

function updatedMs(item: { UpdatedDateUTC?: string }) {
  const match = /^\/Date\((-?\d+)/.exec(item.UpdatedDateUTC ?? '');
  return match ? Number(match[1]) : 0;
}

export async function startFakeXero(): Promise<FakeXero> {
  const clientId = 'XEROTESTCLIENT0001';
  const clientSecret = 'xero-test-secret';
  const provider = await startFakeProvider(
    {
      clientId,
      clientSecret,
      authorizePath: '/identity/connect/authorize',
      tokenPath: '/connect/token',
      rotateRefreshTokens: true,
      accessTokenPrefix: 'eyJxero.',
      tokenExtras: { expires_in: 1800, scope: 'offline_access accounting.transactions.read' },
    },
    {
      unauthorized: (res) => sendJson(res, 401, problem(401, 'Unauthorized', 'AuthenticationUnsuccessful')),
      failed: (res, failure) =>
        sendJson(
          res,
          failure.status,
          failure.status === 429
            ? problem(429, 'Too Many Requests', 'Rate limit exceeded')
            : problem(failure.status, 'An error occurred', 'Simulated failure'),
          {
            ...(failure.retryAfter ? { 'retry-after': failure.retryAfter } : {}),
            ...(failure.status === 429 ? { 'x-rate-limit-problem': 'minute' } : {}),
            ...failure.headers,
          },
        ),
      api({ req, res, url }) {
        if (url.pathname === '/connections')
          return sendJson(
            res,
            200,
            fake.organisations.map((o, i) => ({
              id: `e1eede29-f875-4a5d-8470-${String(i).padStart(12, '0')}`,
              authEventId: 'd99ecdfe-391d-43d2-b834-17636ba90e8d',
              tenantId: o.tenantId,
              tenantType: 'ORGANISATION',
              tenantName: o.tenantName,
              createdDateUtc: '2026-03-01T00:00:00.0000000',
              updatedDateUtc: '2026-03-01T00:00:00.0000000',
            })),
          );
        const kind = Object.keys(LISTS).find((k) => url.pathname === `/api.xro/2.0/${k}`) as
          keyof typeof LISTS | undefined;
        if (!kind)
          return sendJson(
            res,
            404,
            problem(404, 'Not Found', 'The resource you are looking for could not be found'),
          );
        const books = fake.organisations.find((o) => o.tenantId === req.headers['xero-tenant-id']);
        if (!books) return sendJson(res, 403, problem(403, 'Forbidden', 'AuthorizationUnsuccessful'));
        const types = typesOf(url.searchParams.get('where'));
        const contacts = url.searchParams.get('ContactIDs')?.split(',') ?? null;
        const since = req.headers['if-modified-since'];
        const sinceMs = since ? Date.parse(/[zZ]$/.test(since) ? since : `${since}Z`) : null;
        const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
        const source: Array<XeroInvoice | XeroCreditNote | XeroBankTransaction> = books[LISTS[kind]];
        const rows = source
          .filter((r) => !types || types.has(r.Type))
          .filter((r) => !contacts || contacts.includes(r.Contact?.ContactID ?? ''))
          .filter((r) => sinceMs === null || updatedMs(r) >= sinceMs)
          .sort((a, b) => updatedMs(a) - updatedMs(b));
        return sendJson(res, 200, {
          Id: '3e0f2c4a-5b3d-4c1e-9a61-7f8d2b6e9c10',
          Status: 'OK',
          ProviderName: 'Stackwise',
          DateTimeUTC: xeroDate(new Date().toISOString()),
          // summaryOnly answers the lightweight fields only (no line items).
          [kind]: rows
            .slice((page - 1) * 100, page * 100)
            .map((r) =>
              url.searchParams.get('summaryOnly') === 'true' ? { ...r, LineItems: undefined } : r,
            ),
        });
      },
    },
  );
  const organisation = (tenantName: string, tenantId: string = randomUUID()): FakeXeroOrganisation => ({
    tenantId,
    tenantName,
    invoices: [],
    creditNotes: [],
    bankTransactions: [],
  });
  const first = organisation('Demo Company (Global)', '70784a63-d24b-46a9-a4db-0e70a274b056');
  const fake: FakeXero = {
    ...provider,
    env: {
      XERO_OAUTH_CLIENT_ID: clientId,
      XERO_OAUTH_CLIENT_SECRET: clientSecret,
      XERO_OAUTH_AUTHORIZE_URL: `${provider.base}/identity/connect/authorize`,
      XERO_OAUTH_TOKEN_URL: `${provider.base}/connect/token`,
      XERO_API_BASE_URL: provider.base,
    },
    ...first,
    organisations: [first],
    addOrganisation(tenantName) {
      const added = organisation(tenantName);
      fake.organisations.push(added);
      return added;
    },
  };
  return fake;
}
