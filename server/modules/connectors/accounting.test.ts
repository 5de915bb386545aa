// QuickBooks Online and Xero: bills and purchases become expenses once, matched like card lines,
// with their source and a link back; the same scenarios run against each provider's local fake.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountingProvider } from '../../../common/contracts/connectors';
import { allocationShares, connections, entities, expenses, fxRates } from '../../db/schema';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { connectorState, useConnectorServer } from './connectors.test-helpers';
import type { Failure, FakeProvider } from './fake-provider';
import { type FakeQuickBooks, startFakeQuickBooks } from './quickbooks/fake-quickbooks';
import { QUICKBOOKS_PAGE, type QboEntity, type QboTransaction } from './quickbooks/quickbooks-connector';
import { type FakeXero, startFakeXero, xeroDate } from './xero/fake-xero';
import { parseXeroDate, xeroDay } from './xero/xero-connector';

let qbo: FakeQuickBooks;
let xero: FakeXero;
/** Both accounting fakes, one environment. */
async function startBooks() {
  qbo = await startFakeQuickBooks();
  // The company keeps change data capture for 30 days of the test's clock.
  qbo.now = () => kit.clock.now();
  xero = await startFakeXero();
  return {
    env: { ...qbo.env, ...xero.env },
    close: async () => {
      await qbo.close();
      await xero.close();
    },
  };
}
const kit = useConnectorServer(startBooks);
const { server, db } = kit;

interface Txn {
  vendor: string;
  date: string;
  amount: number;
  currency?: string;
  memo?: string;
  /** When the provider last changed it. */
  at: string;
}

/** One accounting provider as the scenarios drive it. */
interface Books {
  provider: AccountingProvider;
  fake(): FakeProvider;
  bill(id: string, txn: Txn): void;
  purchase(id: string, txn: Txn): void;
  /** A supplier's credit: QuickBooks' VendorCredit, Xero's ACCPAYCREDIT credit note. */
  credit(id: string, txn: Txn): void;
  /** Money back from a supplier: QuickBooks' card credit (Purchase, Credit: true), Xero's RECEIVE. */
  refund(id: string, txn: Txn): void;
  /** QuickBooks deletes a bill; Xero voids it. */
  removeBill(id: string, at: string): void;
  /** QuickBooks deletes the credit and the refund; Xero voids them. */
  removeCredits(creditId: string, refundId: string, at: string): void;
  sourceId(kind: Kind, id: string): string;
  link(kind: Kind, id: string): string;
  pageSize: number;
  billsPath: string;
  /** The request for the second page of bills. */
  secondBillsPage(url: URL): boolean;
  /** The provider account the connection stores. */
  accountId(): string | null;
}

type Kind = 'bill' | 'purchase' | 'credit' | 'refund';

const guid = (n: string) => `00000000-0000-4000-8000-${n.replace(/\D/g, '').padStart(12, '0')}`;

function qboTxn(kind: 'bill' | 'purchase', id: string, t: Txn, credit = false): QboTransaction {
  return {
    Id: id,
    SyncToken: '0',
    MetaData: { CreateTime: t.at, LastUpdatedTime: t.at },
    TxnDate: t.date,
    TotalAmt: t.amount,
    CurrencyRef: { value: t.currency ?? 'USD', name: t.currency ?? 'United States Dollar' },
    ...(kind === 'bill'
      ? { VendorRef: { value: '56', name: t.vendor } }
      : {
          EntityRef: { value: '57', name: t.vendor, type: 'Vendor' },
          PaymentType: 'CreditCard',
          Credit: credit,
        }),
    ...(t.memo ? { PrivateNote: t.memo } : {}),
    Line: [
      { Id: '1', Description: 'Subscription', Amount: t.amount, DetailType: 'AccountBasedExpenseLineDetail' },
    ],
  };
}

function upsert<T>(list: T[], key: (item: T) => string, item: T) {
  const at = list.findIndex((x) => key(x) === key(item));
  if (at >= 0) list[at] = item;
  else list.push(item);
}

const QBO_KIND = { bill: 'Bill', purchase: 'Purchase', credit: 'VendorCredit', refund: 'Purchase' } as const;

function qboDelete(list: QboTransaction[], entity: QboEntity, id: string, at: string) {
  list.splice(
    list.findIndex((b) => b.Id === id),
    1,
  );
  qbo.deleted.push({ entity, Id: id, at });
}

const QUICKBOOKS: Books = {
  provider: 'quickbooks',
  fake: () => qbo,
  bill: (id, t) => upsert(qbo.bills, (b) => b.Id, qboTxn('bill', id, t)),
  purchase: (id, t) => upsert(qbo.purchases, (b) => b.Id, qboTxn('purchase', id, t)),
  // A vendor credit has a bill's shape (VendorRef).
  credit: (id, t) => upsert(qbo.vendorCredits, (b) => b.Id, qboTxn('bill', id, t)),
  refund: (id, t) => upsert(qbo.purchases, (b) => b.Id, qboTxn('purchase', id, t, true)),
  removeBill(id, at) {
    qboDelete(qbo.bills, 'Bill', id, at);
  },
  removeCredits(creditId, refundId, at) {
    qboDelete(qbo.vendorCredits, 'VendorCredit', creditId, at);
    qboDelete(qbo.purchases, 'Purchase', refundId, at);
  },
  sourceId: (kind, id) => `${qbo.realmId}:${QBO_KIND[kind]}:${id}`,
  link: (kind, id) =>
    `https://app.qbo.intuit.com/app/${{ bill: 'bill', purchase: 'expense', credit: 'vendorcredit', refund: 'expense' }[kind]}?txnId=${id}`,
  pageSize: 1000,
  billsPath: '/v3/company/9130355377388376/query',
  secondBillsPage: (url) => /from bill .*startposition 1001 /i.test(url.searchParams.get('query') ?? ''),
  accountId: () => qbo.realmId,
};

/** The contact of every Xero bill (a supplier), and one who only ever paid the company (a customer). */
const SUPPLIER = guid('9');
const CUSTOMER = guid('8');

function xeroReceive(id: string, contactId: string, t: Txn) {
  upsert(xero.bankTransactions, (b) => b.BankTransactionID, {
    BankTransactionID: guid(id),
    Type: 'RECEIVE',
    Contact: { ContactID: contactId, Name: t.vendor },
    Date: xeroDate(`${t.date}T00:00:00Z`),
    Status: 'AUTHORISED',
    LineItems: [{ Description: 'Refund', LineAmount: t.amount }],
    Total: t.amount,
    CurrencyCode: t.currency ?? 'USD',
    IsReconciled: true,
    UpdatedDateUTC: xeroDate(t.at),
  });
}

function xeroVoid(item: { Status: string; UpdatedDateUTC?: string }, at: string) {
  item.Status = 'VOIDED';
  item.UpdatedDateUTC = xeroDate(at);
}

const XERO: Books = {
  provider: 'xero',
  fake: () => xero,
  bill: (id, t) =>
    upsert(xero.invoices, (i) => i.InvoiceID, {
      InvoiceID: guid(id),
      InvoiceNumber: `BILL-${id}`,
      Type: 'ACCPAY',
      Contact: { ContactID: SUPPLIER, Name: t.vendor },
      Date: xeroDate(`${t.date}T00:00:00Z`),
      DateString: `${t.date}T00:00:00`,
      Status: 'AUTHORISED',
      LineItems: [{ Description: 'Subscription', LineAmount: t.amount }],
      Total: t.amount,
      CurrencyCode: t.currency ?? 'USD',
      ...(t.memo ? { Reference: t.memo } : {}),
      UpdatedDateUTC: xeroDate(t.at),
    }),
  // Spend money: no DateString, so the /Date(…)/ form is what the connector reads.
  purchase: (id, t) =>
    upsert(xero.bankTransactions, (b) => b.BankTransactionID, {
      BankTransactionID: guid(id),
      Type: 'SPEND',
      Contact: { Name: t.vendor },
      Date: `/Date(${Date.parse(`${t.date}T00:00:00Z`)}+0000)/`,
      Status: 'AUTHORISED',
      LineItems: [{ Description: 'Subscription', LineAmount: t.amount }],
      Total: t.amount,
      CurrencyCode: t.currency ?? 'USD',
      ...(t.memo ? { Reference: t.memo } : {}),
      IsReconciled: true,
      UpdatedDateUTC: xeroDate(t.at),
    }),
  credit: (id, t) =>
    upsert(xero.creditNotes, (c) => c.CreditNoteID, {
      CreditNoteID: guid(id),
      CreditNoteNumber: `CN-${id}`,
      Type: 'ACCPAYCREDIT',
      Contact: { ContactID: SUPPLIER, Name: t.vendor },
      Date: xeroDate(`${t.date}T00:00:00Z`),
      DateString: `${t.date}T00:00:00`,
      Status: 'AUTHORISED',
      LineItems: [{ Description: 'Credit', LineAmount: t.amount }],
      Total: t.amount,
      CurrencyCode: t.currency ?? 'USD',
      ...(t.memo ? { Reference: t.memo } : {}),
      UpdatedDateUTC: xeroDate(t.at),
    }),
  // Money received from a contact with bills: a supplier's refund.
  refund: (id, t) => xeroReceive(id, SUPPLIER, t),
  removeBill(id, at) {
    xeroVoid(
      xero.invoices.find((i) => i.InvoiceID === guid(id))!,
      at,
    );
  },
  removeCredits(creditId, refundId, at) {
    xeroVoid(
      xero.creditNotes.find((c) => c.CreditNoteID === guid(creditId))!,
      at,
    );
    xeroVoid(
      xero.bankTransactions.find((b) => b.BankTransactionID === guid(refundId))!,
      at,
    );
  },
  sourceId: (kind, id) =>
    `${xero.tenantId}:${{ bill: 'Invoice', purchase: 'BankTransaction', credit: 'CreditNote', refund: 'BankTransaction' }[kind]}:${guid(id)}`,
  link: (kind, id) =>
    ({
      bill: `https://go.xero.com/AccountsPayable/View.aspx?InvoiceID=${guid(id)}`,
      credit: `https://go.xero.com/AccountsPayable/ViewCreditNote.aspx?creditNoteID=${guid(id)}`,
      purchase: `https://go.xero.com/Bank/ViewTransaction.aspx?bankTransactionID=${guid(id)}`,
      refund: `https://go.xero.com/Bank/ViewTransaction.aspx?bankTransactionID=${guid(id)}`,
    })[kind],
  pageSize: 100,
  billsPath: '/api.xro/2.0/Invoices',
  secondBillsPage: (url) => url.pathname === '/api.xro/2.0/Invoices' && url.searchParams.get('page') === '2',
  // Each sync reads the organisations: the connection names none.
  accountId: () => null,
};

const expensesOf = (orgId: string, provider: AccountingProvider) =>
  db()
    .select()
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.source, provider)));

describe.each([QUICKBOOKS, XERO])('$provider connector', (books) => {
  let org: Awaited<ReturnType<typeof kit.connect>>;
  let slackId: string;
  const lastRun = async () => (await connectorState(org.client, books.provider)).connection.lastRun;

  beforeAll(async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    slackId = (await buildSubscription(db(), owner.orgId, { name: 'Slack', catalogSlug: 'slack' })).id;
    await db().insert(fxRates).values({
      organizationId: owner.orgId,
      date: '2026-03-01',
      base: 'EUR',
      quote: 'USD',
      rate: '1.100000000000',
    });
    books.bill('1', {
      vendor: 'Slack Technologies',
      date: '2026-03-02',
      amount: 1250.5,
      memo: 'Annual plan',
      at: '2026-03-02T09:00:00Z',
    });
    books.bill('2', {
      vendor: 'Figma',
      date: '2026-03-03',
      amount: 45,
      currency: 'EUR',
      at: '2026-03-03T09:00:00Z',
    });
    books.purchase('3', {
      vendor: 'Zoom Video Communications',
      date: '2026-03-04',
      amount: 14.99,
      at: '2026-03-04T09:00:00Z',
    });
    org = await kit.connect(books.provider, (url) => books.fake().approve(url), owner);
  });

  it('connects (client as HTTP Basic, PKCE), stores the provider account, and the first sync brings the expenses matched like card lines', async () => {
    const exchange = books.fake().requests.find((r) => r.form.grant_type === 'authorization_code');
    expect(exchange?.headers.authorization).toMatch(/^Basic /);
    expect(exchange?.form.code_verifier).toBeTruthy();
    expect(exchange?.form.client_secret).toBeUndefined();
    const [stored] = await db()
      .select()
      .from(connections)
      .where(and(eq(connections.organizationId, org.orgId), eq(connections.provider, books.provider)));
    expect(stored.accountId).toBe(books.accountId());
    expect(stored.accessToken).toMatch(/^enc:v1:/);

    expect(await lastRun()).toMatchObject({ status: 'succeeded', counts: { expensesImported: 3 } });
    const list = (await org.client.get(`/api/expenses?source=${books.provider}`)).json();
    expect(list.items).toHaveLength(3);
    const slack = list.items.find((e: { merchant: string }) => e.merchant === 'Slack Technologies');
    expect(slack).toMatchObject({
      date: '2026-03-02',
      amountMinor: 125050,
      currency: 'USD',
      description: 'Annual plan',
      source: books.provider,
      sourceUrl: books.link('bill', '1'),
      subscriptionId: slackId,
      matchStatus: 'matched',
    });
    const zoom = list.items.find((e: { merchant: string }) => e.merchant === 'Zoom Video Communications');
    // No application: it waits in the review queue like an unmatched card line.
    expect(zoom).toMatchObject({
      date: '2026-03-04',
      amountMinor: 1499,
      matchStatus: 'unmatched',
      description: 'Subscription',
      sourceUrl: books.link('purchase', '3'),
    });
    // The EUR bill stays in EUR and is converted at its date like any imported expense.
    const totals = (
      await org.client.get(`/api/expenses/totals?convert=true&source=${books.provider}`)
    ).json();
    expect(totals.converted).toEqual({ currency: 'USD', amountMinor: 125050 + 1499 + 4950, unconverted: [] });
  });

  it('a second sync reads only what changed and duplicates nothing; an edited bill updates its expense', async () => {
    const before = books.fake().requests.length;
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await lastRun()).counts).toMatchObject({ expensesImported: 0, expensesUpdated: 0 });
    const reads = books
      .fake()
      .requests.slice(before)
      .filter((r) => r.path.includes(books.billsPath));
    if (books.provider === 'quickbooks')
      expect(reads[0].query.query).toMatch(/where MetaData\.LastUpdatedTime >= '2026-03-03T09:00:00/);
    else {
      expect(reads[0].headers['if-modified-since']).toBe('2026-03-03T09:00:00');
      expect(reads[0].headers['xero-tenant-id']).toBe(xero.tenantId);
    }
    const [first] = (await expensesOf(org.orgId, books.provider)).filter(
      (e) => e.merchant === 'Slack Technologies',
    );

    books.bill('1', {
      vendor: 'Slack Technologies',
      date: '2026-03-02',
      amount: 1300,
      memo: 'Annual plan, 2 more seats',
      at: '2026-03-10T09:00:00Z',
    });
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await lastRun()).counts).toMatchObject({ expensesImported: 0, expensesUpdated: 1 });
    const rows = await expensesOf(org.orgId, books.provider);
    expect(rows).toHaveLength(3);
    const edited = rows.find((e) => e.sourceId === books.sourceId('bill', '1'))!;
    expect(edited).toMatchObject({
      id: first.id,
      amountMinor: 130000,
      description: 'Annual plan, 2 more seats',
      subscriptionId: slackId,
    });
  });

  it('a deleted or voided bill removes its expense', async () => {
    books.removeBill('2', '2026-04-02T09:00:00Z');
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await lastRun()).counts).toMatchObject({ expensesRemoved: 1 });
    const rows = await expensesOf(org.orgId, books.provider);
    expect(rows.map((r) => r.sourceId).sort()).toEqual(
      [books.sourceId('bill', '1'), books.sourceId('purchase', '3')].sort(),
    );
  });

  it('refunds and credits become negative expenses that totals subtract; voided or deleted ones go', async () => {
    const total = async () =>
      (await org.client.get(`/api/expenses/totals?convert=true&source=${books.provider}`)).json().converted
        .amountMinor;
    const before = await total();
    books.credit('4', {
      vendor: 'Slack Technologies',
      date: '2026-03-05',
      amount: 250.5,
      memo: 'Seats removed',
      at: '2026-04-03T09:00:00Z',
    });
    books.refund('5', {
      vendor: 'Zoom Video Communications',
      date: '2026-03-06',
      amount: 14.99,
      at: '2026-04-03T09:01:00Z',
    });
    // Money a customer paid in is no refund of spend.
    if (books.provider === 'xero')
      xeroReceive('6', CUSTOMER, {
        vendor: 'Acme Customer',
        date: '2026-03-06',
        amount: 900,
        at: '2026-04-03T09:02:00Z',
      });
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await lastRun()).counts).toMatchObject({ expensesImported: 2 });
    const rows = await expensesOf(org.orgId, books.provider);
    expect(rows).toHaveLength(4);
    expect(rows.find((e) => e.sourceId === books.sourceId('credit', '4'))).toMatchObject({
      amountMinor: -25050,
      currency: 'USD',
      merchant: 'Slack Technologies',
      description: 'Seats removed',
      sourceUrl: books.link('credit', '4'),
      // Matched like any line: the credit lowers Slack's spend.
      subscriptionId: slackId,
    });
    expect(rows.find((e) => e.sourceId === books.sourceId('refund', '5'))).toMatchObject({
      amountMinor: -1499,
      merchant: 'Zoom Video Communications',
      sourceUrl: books.link('refund', '5'),
    });
    expect(await total()).toBe(before - 25050 - 1499);
    // A repeat changes nothing.
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await lastRun()).counts).toMatchObject({ expensesImported: 0, expensesUpdated: 0 });

    books.removeCredits('4', '5', '2026-04-04T09:00:00Z');
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await lastRun()).counts).toMatchObject({ expensesRemoved: 2 });
    expect(await expensesOf(org.orgId, books.provider)).toHaveLength(2);
    expect(await total()).toBe(before);
  });

  it('resumes a sync that crashed on the second page at that page, without duplicates', async () => {
    for (let i = 0; i < books.pageSize + 5; i += 1)
      books.bill(String(1000 + i), {
        vendor: `Vendor ${i}`,
        date: '2026-03-20',
        amount: 10 + i,
        at: `2026-04-10T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
      });
    const crash: Failure = {
      pathPrefix: books.billsPath,
      status: 500,
      when: books.secondBillsPage,
      times: 1,
    };
    books.fake().fail(crash);
    await expect(kit.sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    expect((await lastRun()).status).toBe('running');
    // The first page was stored; the rest waits for the retry.
    const partial = (await expensesOf(org.orgId, books.provider)).length;
    expect(partial).toBeGreaterThan(2 + books.pageSize / 2);
    expect(partial).toBeLessThan(2 + books.pageSize + 5);

    const before = books.fake().requests.length;
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    const resumed = books
      .fake()
      .requests.slice(before)
      .find((r) => r.path.includes(books.billsPath))!;
    expect(
      books.secondBillsPage(new URL(`http://x${resumed.path}?${new URLSearchParams(resumed.query)}`)),
    ).toBe(true);
    expect(await expensesOf(org.orgId, books.provider)).toHaveLength(2 + books.pageSize + 5);
    expect((await lastRun()).counts.expensesImported).toBe(books.pageSize + 5);
  });

  it('waits out a 429 storm as Retry-After says, then finishes', async () => {
    const waits: number[] = [];
    books.fake().fail({ pathPrefix: books.billsPath, status: 429, retryAfter: '3', times: 3 });
    const status = await kit.sync(org.orgId, org.connectionId, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(status).toBe('succeeded');
    expect(waits).toEqual([3000, 3000, 3000]);
  });

  it('another organization never sees the expenses', async () => {
    const other = await buildOrgOwner(server.app);
    const client = api(server.app, other.cookie);
    expect((await client.get(`/api/expenses?source=${books.provider}`)).json().items).toEqual([]);
    const [mine] = await expensesOf(org.orgId, books.provider);
    expect((await client.get(`/api/expenses/${mine.id}`)).statusCode).toBe(404);
  });

  it('refreshes an expired access token (the rotated refresh token kept); a refused refresh sets Reconnect', async () => {
    books.fake().expireAccessTokens();
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    books.fake().expireAccessTokens();
    // The first refresh spent the original refresh token: this one must use the rotated one.
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');

    books.fake().expireAccessTokens();
    books.fake().revokeRefreshTokens();
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('failed');
    const state = await connectorState(org.client, books.provider);
    expect(state.connection.status).toBe('needs_reconnect');
    expect(state.connection.lastRun.error).toMatch(/connect again/);
    expect((await org.client.post(`/api/connectors/${books.provider}/sync`)).statusCode).toBe(409);
    // What was imported stays.
    expect(await expensesOf(org.orgId, books.provider)).toHaveLength(2 + books.pageSize + 5);
  });
});

describe('QuickBooks deletions older than change data capture keeps', () => {
  it('a bill deleted when the last sync is 45 days old is found missing by reconciliation and its expense removed', async () => {
    // More bills than one page of the listing holds.
    for (let i = 0; i <= QUICKBOOKS_PAGE; i += 1)
      QUICKBOOKS.bill(String(7000 + i), {
        vendor: `Old vendor ${i}`,
        date: i === 0 ? '2026-02-01' : '2026-02-02',
        amount: 20,
        at: '2026-02-02T09:00:00Z',
      });
    const org = await kit.connect('quickbooks', (url) => qbo.approve(url));
    const imported = await expensesOf(org.orgId, 'quickbooks');
    expect(imported.map((e) => e.sourceId)).toContain(QUICKBOOKS.sourceId('bill', '7000'));
    const others = imported.length - 1;

    // Deleted now; CDC keeps it for 30 days, and the next sync comes 45 days later.
    QUICKBOOKS.removeBill('7000', kit.clock.now().toISOString());
    kit.clock.advance(45 * 24 * 60 * 60 * 1000);
    const before = qbo.requests.length;
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    const calls = qbo.requests.slice(before);
    expect(calls.some((r) => r.path.endsWith('/cdc'))).toBe(false);
    const listed = calls.map((r) => r.query.query ?? '').filter((q) => q.startsWith('select Id'));
    // Every entity, over the imported dates, by pages of 1,000 (the company has more bills than that).
    expect(
      listed.filter((q) => /^select Id from Bill where TxnDate >= '2026-02-01' and TxnDate <= /.test(q))
        .length,
    ).toBeGreaterThanOrEqual(2);
    expect(listed.some((q) => q.includes('startposition 1001 maxresults 1000'))).toBe(true);
    expect(listed.some((q) => q.startsWith('select Id from VendorCredit'))).toBe(true);
    const after = await expensesOf(org.orgId, 'quickbooks');
    expect(after.map((e) => e.sourceId)).not.toContain(QUICKBOOKS.sourceId('bill', '7000'));
    expect(after).toHaveLength(others);

    // The next sync is within 30 days again: change data capture, no listing.
    const next = qbo.requests.length;
    expect(await kit.sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect(qbo.requests.slice(next).some((r) => r.path.endsWith('/cdc'))).toBe(true);
    expect(qbo.requests.slice(next).some((r) => (r.query.query ?? '').startsWith('select Id'))).toBe(false);
  });
});

describe('Xero with several organisations', () => {
  it('syncs each organisation with its own cursors and ids, to the entity of its name; reconnecting keeps the cursors of those still connected', async () => {
    const europe = xero.addOrganisation('Acme Europe Ltd');
    const { owner, orgId } = await kit.growthOrg();
    const [entity] = await db()
      .insert(entities)
      .values({ organizationId: orgId, name: 'ACME Europe Ltd', functionalCurrency: 'EUR' })
      .returning();
    // One bill id in both organisations.
    XERO.bill('8001', { vendor: 'Notion Labs', date: '2026-03-07', amount: 96, at: '2026-04-05T09:00:00Z' });
    europe.invoices.push({
      ...xero.invoices.find((i) => i.InvoiceID === guid('8001'))!,
      Contact: { ContactID: guid('7'), Name: 'Miro' },
      Total: 240,
      CurrencyCode: 'EUR',
    });
    const org = await kit.connect('xero', (url) => xero.approve(url), owner);

    const rows = await expensesOf(orgId, 'xero');
    const home = rows.find((e) => e.sourceId === `${xero.tenantId}:Invoice:${guid('8001')}`);
    const abroad = rows.find((e) => e.sourceId === `${europe.tenantId}:Invoice:${guid('8001')}`);
    expect(home).toMatchObject({ merchant: 'Notion Labs', amountMinor: 9600, hasOwnAllocation: false });
    expect(abroad).toMatchObject({ merchant: 'Miro', amountMinor: 24000, hasOwnAllocation: true });
    const shares = await db()
      .select()
      .from(allocationShares)
      .where(and(eq(allocationShares.organizationId, orgId), eq(allocationShares.targetKind, 'expense')));
    expect(shares).toEqual([
      expect.objectContaining({ targetId: abroad!.id, entityId: entity.id, basisPoints: 10000 }),
    ]);
    const cursorsOf = async () =>
      (await db().select().from(connections).where(eq(connections.id, org.connectionId)))[0]!.cursors;
    expect(Object.keys(await cursorsOf())).toEqual(
      expect.arrayContaining(
        [xero.tenantId, europe.tenantId].flatMap((t) => [`bills:${t}`, `credits:${t}`, `spend:${t}`]),
      ),
    );

    // Connected again with the European organisation only: its cursors stay, the other's are not read.
    const first = xero.organisations.shift()!;
    try {
      const before = xero.requests.length;
      await kit.connect('xero', (url) => xero.approve(url), owner);
      const reads = xero.requests.slice(before).filter((r) => r.path === '/api.xro/2.0/Invoices');
      expect(reads.map((r) => r.headers['xero-tenant-id'])).toEqual([europe.tenantId]);
      expect(reads[0]!.headers['if-modified-since']).toBe('2026-04-05T09:00:00');
      expect(await expensesOf(orgId, 'xero')).toHaveLength(rows.length);
    } finally {
      xero.organisations.unshift(first);
    }
  });
});

describe('Xero dates', () => {
  it('reads /Date(…)/ with and without an offset, and ISO text', () => {
    expect(parseXeroDate('/Date(1700000000000+0000)/')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseXeroDate('/Date(1700000000000)/')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseXeroDate('2026-03-01T10:00:00')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(parseXeroDate('nonsense')).toBeNull();
    // The day in the organisation's own offset: 22:13 UTC is the next day at +0200.
    expect(xeroDay({ Date: '/Date(1700000000000+0200)/' })).toBe('2023-11-15');
    expect(xeroDay({ Date: '/Date(1700000000000+0000)/', DateString: '2023-11-14T00:00:00' })).toBe(
      '2023-11-14',
    );
  });
});
