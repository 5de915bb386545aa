// A local stand-in for Intuit's OAuth 2.0 server and the QuickBooks Online Accounting API (tests
// only). It follows Intuit's published references for what the connector uses:
// - OAuth 2.0 (developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0):
//   "Step 3: Create the authorization request" (client_id, scope com.intuit.quickbooks.accounting,
//   redirect_uri, response_type=code, state), "Step 5: Get the authorization code" (the redirect
//   carries code, state and realmId), "Step 6: Exchange the authorization code for access tokens"
//   (POST /oauth2/v1/tokens/bearer, Authorization: Basic base64(client_id:client_secret)) answering
//   access_token, refresh_token, expires_in 3600, x_refresh_token_expires_in; "Refresh access tokens"
//   (a new refresh token each time; the old one stops working; `invalid_grant` when revoked).
// - Query (…/docs/learn/explore-the-quickbooks-online-api/data-queries): GET
//   /v3/company/{realmId}/query?query=select * from Bill where MetaData.LastUpdatedTime >= '…'
//   orderby MetaData.LastUpdatedTime startposition N maxresults M (STARTPOSITION is 1-based,
//   MAXRESULTS at most 1000) → { QueryResponse: { Bill: [...], startPosition, maxResults }, time };
//   an empty page answers { QueryResponse: {} }; `select Id from Bill where TxnDate >= '…' and
//   TxnDate <= '…'` answers only the ids. Entities Bill, Purchase and VendorCredit (API reference →
//   Bill, Purchase, VendorCredit: Id, SyncToken, MetaData, TxnDate, TotalAmt, CurrencyRef, VendorRef /
//   EntityRef, PaymentType, Credit — a card credit, PrivateNote, Line[].Description).
// - Change data capture (API reference → ChangeDataCapture): GET /v3/company/{realmId}/cdc?entities=
//   Bill,Purchase,VendorCredit&changedSince=… → { CDCResponse: [{ QueryResponse: [{ Bill: [...] },
//   { Purchase: [...] }, …] }] }; a deleted entity is { Id, status: "Deleted", MetaData }; it keeps
//   changes for 30 days: a changedSince further back is refused, older deletions are gone.
// - Errors (…/develop/troubleshooting/error-codes): 401 { fault: { error: [{ code: "3200",
//   message: "AuthenticationFailed" }], type: "AUTHENTICATION" } }; 403 code 3100 for a company
//   the token does not reach; 429 ThrottleExceeded (code 3001).
import { QBO_ENTITIES, type QboEntity, type QboTransaction } from './quickbooks-connector';
import { type FakeProvider, sendJson, startFakeProvider } from '../fake-provider';

export interface FakeQuickBooks extends FakeProvider {
  env: Record<string, string>;
  realmId: string;
  bills: QboTransaction[];
  purchases: QboTransaction[];
  vendorCredits: QboTransaction[];
  /** Deleted entities with the time they were deleted. */
  deleted: Array<{ entity: QboEntity; Id: string; at: string }>;
  /** The company's clock (change data capture's 30 days count from it); the test's clock may set it. */
  now(): Date;
}

const CDC_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

const fault = (code: string, message: string, type: string) => ({
  fault: { error: [{ message, detail: message, code }], type },
  time: new Date().toISOString(),
});

const QUERY =
  /^select (\*|id) from (bill|purchase|vendorcredit)(?: where (?:metadata\.lastupdatedtime >= '([^']+)'|txndate >= '([^']+)' and txndate <= '([^']+)'))?(?: orderby metadata\.lastupdatedtime)?(?: startposition (\d+))?(?: maxresults (\d+))?$/i;

export async function startFakeQuickBooks(): Promise<FakeQuickBooks> {
  const clientId = 'ABqbo-test-client';
  const clientSecret = 'qbo-test-secret';
  const realmId = '9130355377388376';
  const provider = await startFakeProvider(
    {
      clientId,
      clientSecret,
      authorizePath: '/connect/oauth2',
      tokenPath: '/oauth2/v1/tokens/bearer',
      callbackParams: () => ({ realmId }),
      rotateRefreshTokens: true,
      accessTokenPrefix: 'eyJqbo.',
      tokenExtras: { x_refresh_token_expires_in: 8726400 },
    },
    {
      unauthorized: (res) => sendJson(res, 401, fault('3200', 'AuthenticationFailed', 'AUTHENTICATION')),
      failed: (res, failure) =>
        sendJson(
          res,
          failure.status,
          failure.status === 429
            ? fault('3001', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', 'SERVICE')
            : fault(
                '10000',
                'An application error has occurred while processing your request',
                'SystemFault',
              ),
          failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
        ),
      api({ res, url }) {
        const company = /^\/v3\/company\/([^/]+)\/(query|cdc)$/.exec(url.pathname);
        if (!company) return sendJson(res, 404, fault('610', 'Object Not Found', 'ValidationFault'));
        if (company[1] !== realmId)
          return sendJson(res, 403, fault('3100', 'ApplicationAuthorizationFailed', 'AUTHORIZATION'));
        const time = new Date().toISOString();
        if (company[2] === 'query') {
          const parsed = QUERY.exec((url.searchParams.get('query') ?? '').trim().replace(/\s+/g, ' '));
          if (!parsed) return sendJson(res, 400, fault('4000', 'Error parsing query', 'ValidationFault'));
          const entity = QBO_ENTITIES.find((e) => e.toLowerCase() === parsed[2].toLowerCase())!;
          const since = parsed[3] ? Date.parse(parsed[3]) : null;
          const [from, to] = [parsed[4], parsed[5]];
          const start = Number(parsed[6] ?? 1);
          const max = Math.min(1000, Number(parsed[7] ?? 100));
          const rows = fake
            .entities(entity)
            .filter((t) => since === null || Date.parse(t.MetaData.LastUpdatedTime) >= since)
            .filter((t) => !from || (t.TxnDate >= from && t.TxnDate <= to))
            .sort((a, b) => Date.parse(a.MetaData.LastUpdatedTime) - Date.parse(b.MetaData.LastUpdatedTime));
          const slice = rows
            .slice(start - 1, start - 1 + max)
            .map((t) => (parsed[1] === '*' ? t : { Id: t.Id }));
          return sendJson(res, 200, {
            QueryResponse:
              slice.length > 0 ? { [entity]: slice, startPosition: start, maxResults: slice.length } : {},
            time,
          });
        }
        const changedSince = Date.parse(url.searchParams.get('changedSince') ?? '');
        if (!Number.isFinite(changedSince) || changedSince < fake.now().getTime() - CDC_DAYS_MS)
          return sendJson(
            res,
            400,
            fault('2010', 'Request has invalid or unsupported property', 'ValidationFault'),
          );
        const entities = (url.searchParams.get('entities') ?? '').split(',') as QboEntity[];
        return sendJson(res, 200, {
          CDCResponse: [
            {
              QueryResponse: entities.map((entity) => {
                const gone = fake.deleted
                  .filter((d) => d.entity === entity && Date.parse(d.at) >= changedSince)
                  .filter((d) => Date.parse(d.at) >= fake.now().getTime() - CDC_DAYS_MS)
                  .map((d) => ({
                    domain: 'QBO',
                    status: 'Deleted',
                    Id: d.Id,
                    MetaData: { LastUpdatedTime: d.at },
                  }));
                return gone.length > 0 ? { [entity]: gone, startPosition: 1, maxResults: gone.length } : {};
              }),
            },
          ],
          time,
        });
      },
    },
  );
  const fake: FakeQuickBooks & { entities(entity: QboEntity): QboTransaction[] } = {
    ...provider,
    env: {
      QUICKBOOKS_OAUTH_CLIENT_ID: clientId,
      QUICKBOOKS_OAUTH_CLIENT_SECRET: clientSecret,
      QUICKBOOKS_OAUTH_AUTHORIZE_URL: `${provider.base}/connect/oauth2`,
      QUICKBOOKS_OAUTH_TOKEN_URL: `${provider.base}/oauth2/v1/tokens/bearer`,
      QUICKBOOKS_API_BASE_URL: provider.base,
    },
    realmId,
    bills: [],
    purchases: [],
    vendorCredits: [],
    deleted: [],
    now: () => new Date(),
    entities: (entity) =>
      entity === 'Bill' ? fake.bills : entity === 'Purchase' ? fake.purchases : fake.vendorCredits,
  };
  return fake;
}
