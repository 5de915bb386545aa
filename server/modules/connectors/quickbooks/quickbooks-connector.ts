// QuickBooks Online: bills and purchases (card, cash and check expenses) become expenses; vendor
// credits and card credits (a Purchase with Credit: true) become negative ones.
//   OAuth 2.0 (developer.intuit.com, "OAuth 2.0"): authorize at appcenter.intuit.com/connect/oauth2
//   with scope com.intuit.quickbooks.accounting; the callback carries `realmId`, the company every
//   API call names; the token endpoint takes the client as HTTP Basic.
//   Query (Accounting API, "Query a …" / "Data queries"): GET /v3/company/{realmId}/query?query=
//   select * from Bill where MetaData.LastUpdatedTime >= '…' startposition N maxresults 1000
//   → { QueryResponse: { Bill: [...], startPosition, maxResults }, time }.
//   Change data capture ("Change data capture"): GET /v3/company/{realmId}/cdc?entities=Bill,Purchase,
//   VendorCredit&changedSince=… lists deleted ones with status "Deleted"; it looks back at most 30
//   days. Past that, the ids the company still has in the imported dates (`select Id from Bill where
//   TxnDate >= '…' and TxnDate <= '…'`, paged) tell which imported expenses were deleted.
import type { Env } from '../../../env';
import type { AccountingLine, Connector, StepCursor, SyncSession } from '../connector';
import { NeedsReconnectError } from '../provider-http';

export const QUICKBOOKS_SCOPES = ['com.intuit.quickbooks.accounting'];
/** The query endpoint's largest page. */
export const QUICKBOOKS_PAGE = 1000;
/** Change data capture answers for at most this far back. */
const CDC_DAYS = 30;
/** Pinned so the answers' shape does not change under us (Intuit: "minor versions"). */
const MINOR_VERSION = '75';

export const QBO_ENTITIES = ['Bill', 'Purchase', 'VendorCredit'] as const;
export type QboEntity = (typeof QBO_ENTITIES)[number];

export interface QboRef {
  value: string;
  name?: string;
  type?: string;
}
/** The fields of a Bill and a Purchase the connector reads (Accounting API entity references). */
export interface QboTransaction {
  Id: string;
  SyncToken?: string;
  MetaData: { CreateTime: string; LastUpdatedTime: string };
  TxnDate: string;
  TotalAmt: number;
  CurrencyRef?: QboRef;
  /** Bill, VendorCredit. */
  VendorRef?: QboRef;
  /** Purchase: the payee (vendor, customer or employee). */
  EntityRef?: QboRef;
  /** Purchase: CreditCard, Cash or Check. */
  PaymentType?: string;
  /** Purchase: true for a refund (a credit card credit). */
  Credit?: boolean;
  DocNumber?: string;
  PrivateNote?: string;
  Line?: Array<{ Id?: string; Description?: string; Amount?: number; DetailType?: string }>;
}
interface QueryAnswer {
  QueryResponse: Partial<Record<QboEntity, QboTransaction[]>> & {
    startPosition?: number;
    maxResults?: number;
  };
  time?: string;
}
interface CdcAnswer {
  CDCResponse: Array<{
    QueryResponse: Array<
      Partial<
        Record<QboEntity, Array<{ Id: string; status?: string; MetaData?: { LastUpdatedTime: string } }>>
      >
    >;
  }>;
  time?: string;
}

/**
 * The expense's id: ids are numbers per company and per entity (a Bill and a Purchase may share
 * one, and so may two companies the organization connected one after the other).
 */
const companyPrefix = (realmId: string) => `${realmId}:`;
export const qboSourceId = (realmId: string, entity: QboEntity, id: string) =>
  `${companyPrefix(realmId)}${entity}:${id}`;

function appHost(apiBase: string) {
  return apiBase.includes('sandbox') ? 'https://app.sandbox.qbo.intuit.com' : 'https://app.qbo.intuit.com';
}

/** The page of the QuickBooks web app that shows an entity. */
const APP_PAGE: Record<QboEntity, string> = { Bill: 'bill', Purchase: 'expense', VendorCredit: 'vendorcredit' };

/**
 * A bill, purchase or vendor credit as an expense line; null when it is no spend (voided to zero).
 * A vendor credit and a card credit (Purchase with Credit: true) reduce spend: a negative amount.
 */
export function qboLine(
  realmId: string,
  entity: QboEntity,
  txn: QboTransaction,
  apiBase: string,
): AccountingLine | null {
  if (!txn.TotalAmt) return null;
  const payee = entity === 'Purchase' ? txn.EntityRef : txn.VendorRef;
  const lines = (txn.Line ?? []).map((l) => l.Description?.trim()).filter(Boolean);
  const credit = entity === 'VendorCredit' || txn.Credit === true;
  return {
    providerId: qboSourceId(realmId, entity, txn.Id),
    date: txn.TxnDate.slice(0, 10),
    vendorName: payee?.name?.trim() || lines[0] || `${entity} ${txn.DocNumber ?? txn.Id}`,
    amount: credit ? -Math.abs(txn.TotalAmt) : txn.TotalAmt,
    currency: txn.CurrencyRef?.value ?? null,
    memo: txn.PrivateNote?.trim() || lines.join('; ') || null,
    link: `${appHost(apiBase)}/app/${APP_PAGE[entity]}?txnId=${encodeURIComponent(txn.Id)}`,
  };
}

/** The query language quotes with single quotes; a backslash escapes one (Intuit "Data queries"). */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function realmOf(session: SyncSession) {
  if (!session.accountId)
    throw new NeedsReconnectError('The QuickBooks company is unknown; connect again to choose it.');
  return encodeURIComponent(session.accountId);
}

/** One incremental pass over an entity: changed since the last pass, by STARTPOSITION pages. */
async function readEntity(session: SyncSession, entity: QboEntity, apiBase: string) {
  const realm = realmOf(session);
  await session.step(entity.toLowerCase(), async (cursor, save) => {
    const since = cursor.since ?? null;
    let latest = cursor.latest ?? since;
    let start = Number(cursor.pageToken ?? 1) || 1;
    for (;;) {
      const where = since ? ` where MetaData.LastUpdatedTime >= ${quoted(since)}` : '';
      const query = `select * from ${entity}${where} orderby MetaData.LastUpdatedTime startposition ${start} maxresults ${QUICKBOOKS_PAGE}`;
      const answer = await session.api.get<QueryAnswer>(`/v3/company/${realm}/query`, {
        query,
        minorversion: MINOR_VERSION,
      });
      const rows = answer.QueryResponse[entity] ?? [];
      const lines: AccountingLine[] = [];
      const gone: string[] = [];
      for (const txn of rows) {
        const line = qboLine(session.accountId!, entity, txn, apiBase);
        if (line) lines.push(line);
        else gone.push(qboSourceId(session.accountId!, entity, txn.Id));
        const updated = txn.MetaData?.LastUpdatedTime;
        if (updated && (!latest || Date.parse(updated) > Date.parse(latest))) latest = updated;
      }
      await session.expenses(lines);
      await session.removedExpenses(gone);
      session.count('pages');
      session.count('events', rows.length);
      const more = rows.length >= QUICKBOOKS_PAGE;
      start += rows.length;
      const next: StepCursor = more
        ? { since, pageToken: String(start), latest }
        : { since: latest, pageToken: null, latest: null };
      await save(next);
      if (!more) break;
    }
  });
}

/**
 * Bills, purchases and credits deleted since the last pass: change data capture when that pass is
 * at most 30 days old, else (or when there was none: a first sync, a connection made again) the
 * reconciliation below.
 */
async function readDeleted(session: SyncSession) {
  const realm = realmOf(session);
  await session.step('deleted', async (cursor, save) => {
    const floor = new Date(session.now.getTime() - CDC_DAYS * 24 * 60 * 60 * 1000).toISOString();
    if (cursor.since && cursor.since >= floor) {
      const answer = await session.api.get<CdcAnswer>(`/v3/company/${realm}/cdc`, {
        entities: QBO_ENTITIES.join(','),
        changedSince: cursor.since,
        minorversion: MINOR_VERSION,
      });
      const gone: string[] = [];
      for (const response of answer.CDCResponse ?? [])
        for (const part of response.QueryResponse ?? [])
          for (const entity of QBO_ENTITIES)
            for (const row of part[entity] ?? [])
              if (row.status === 'Deleted') gone.push(qboSourceId(session.accountId!, entity, row.Id));
      await session.removedExpenses(gone);
      session.count('pages');
    } else await reconcile(session, realm);
    await save({ since: session.now.toISOString(), pageToken: null });
  });
}

/**
 * Removes the imported expenses whose bill, purchase or credit the company no longer has: lists the
 * ids it still has in the imported dates, entity by entity, by STARTPOSITION pages.
 */
async function reconcile(session: SyncSession, realm: string) {
  const imported = await session.importedExpenses(companyPrefix(session.accountId!));
  if (imported.length === 0) return;
  const dates = imported.map((e) => e.date).sort();
  const range = `TxnDate >= ${quoted(dates[0]!)} and TxnDate <= ${quoted(dates.at(-1)!)}`;
  const kept = new Set<string>();
  for (const entity of QBO_ENTITIES)
    for (let start = 1; ; start += QUICKBOOKS_PAGE) {
      const answer = await session.api.get<QueryAnswer>(`/v3/company/${realm}/query`, {
        query: `select Id from ${entity} where ${range} startposition ${start} maxresults ${QUICKBOOKS_PAGE}`,
        minorversion: MINOR_VERSION,
      });
      const rows = answer.QueryResponse[entity] ?? [];
      for (const row of rows) kept.add(qboSourceId(session.accountId!, entity, row.Id));
      session.count('pages');
      if (rows.length < QUICKBOOKS_PAGE) break;
    }
  await session.removedExpenses(imported.filter((e) => !kept.has(e.providerId)).map((e) => e.providerId));
}

export const quickbooks: Connector = {
  provider: 'quickbooks',
  auth: 'oauth',
  ownCatalogSlug: 'quickbooks',
  oauth(env: Env) {
    if (!env.QUICKBOOKS_OAUTH_CLIENT_ID || !env.QUICKBOOKS_OAUTH_CLIENT_SECRET) return null;
    return {
      authorizeUrl: env.QUICKBOOKS_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.QUICKBOOKS_OAUTH_TOKEN_URL,
      clientId: env.QUICKBOOKS_OAUTH_CLIENT_ID,
      clientSecret: env.QUICKBOOKS_OAUTH_CLIENT_SECRET,
      scopes: QUICKBOOKS_SCOPES,
      clientAuth: 'basic',
    };
  },
  apiBaseUrl: (env: Env) => env.QUICKBOOKS_API_BASE_URL,
  connectedAccount({ callback }) {
    const realmId = callback.realmId?.trim();
    if (!realmId) return Promise.reject(new Error('the answer named no company (realmId).'));
    return Promise.resolve({ accountId: realmId });
  },
  async sync(session) {
    // The API's host decides the link back (production or sandbox).
    const apiBase = session.apiBaseUrl;
    for (const entity of QBO_ENTITIES) await readEntity(session, entity, apiBase);
    // After the reads: a reconciliation then sees every imported expense at its current date.
    await readDeleted(session);
  },
};
