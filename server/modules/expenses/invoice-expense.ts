// Expenses booked from a received invoice (issue 18, invoice forwarding), inside the caller's
// transaction: a new expense with the invoice as its document, or the invoice linked to the card
// charge it pays for, with the same after-write effects as createExpense (both record through recordExpense).
import type { MatchMethod } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import type { TxContext } from '../../lib/acting-context';
import type { ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { findApplication } from './references.repo';
import * as repo from './expenses.repo';
import { invoiceChargeCandidates } from './invoice-expense.repo';
import { afterExpenseWrites, chosenMatch, recordExpense } from './record-expense';
import { matcherFor } from './matching.repo';

export interface InvoiceDocument {
  key: string;
  name: string;
  type: string;
  size: number;
}

export interface InvoiceExpenseInput {
  /** The application it is booked on. */
  subscriptionId: string;
  matchMethod: MatchMethod;
  date: string;
  amountMinor: number;
  currency: string;
  merchant: string;
  invoiceNumber: string | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  document: InvoiceDocument | null;
}

const documentColumns = (doc: InvoiceDocument | null) =>
  doc ? { documentKey: doc.key, documentName: doc.name, documentType: doc.type, documentSize: doc.size } : {};

/**
 * The card charge a forwarded invoice pays for: an expense of the same application (or an unmatched
 * one with the same merchant key), same currency, amount within 1 %, dated within 7 days of the issue date, without an
 * invoice number yet. The closest in amount, then date, wins.
 */
export async function findChargeForInvoice(
  tx: DbOrTx,
  orgId: string,
  input: Pick<InvoiceExpenseInput, 'subscriptionId' | 'date' | 'amountMinor' | 'currency' | 'merchant'>,
) {
  const merchantKey = (await matcherFor(tx, orgId))(input.merchant).merchantKey;
  const rows = await invoiceChargeCandidates(tx, orgId, { ...input, merchantKey });
  const tolerance = Math.abs(input.amountMinor) * 0.01;
  const close = rows
    .filter((r) => Math.abs(r.amountMinor - input.amountMinor) <= tolerance)
    .sort(
      (a, b) =>
        Math.abs(a.amountMinor - input.amountMinor) - Math.abs(b.amountMinor - input.amountMinor) ||
        Math.abs(Date.parse(a.date) - Date.parse(input.date)) -
          Math.abs(Date.parse(b.date) - Date.parse(input.date)),
    );
  return close[0] ?? null;
}

/** Records the invoice as a new expense (source `invoice`) matched to its application. */
export async function recordInvoiceExpense(
  deps: ServiceDeps,
  ctx: TxContext,
  input: InvoiceExpenseInput,
): Promise<string> {
  const { tx } = ctx;
  const row = await recordExpense(deps, tx, ctx, {
    date: input.date,
    amountMinor: input.amountMinor,
    currency: input.currency,
    merchant: input.merchant,
    application: { id: input.subscriptionId, matchMethod: input.matchMethod },
    invoiceNumber: input.invoiceNumber,
    servicePeriodStart: input.servicePeriodStart,
    servicePeriodEnd: input.servicePeriodEnd,
    ...documentColumns(input.document),
    source: 'invoice',
  });
  await recordAudit(tx, ctx, {
    action: 'expense.create',
    entityType: 'expense',
    entityId: row.id,
    changes: {
      date: row.date,
      amountMinor: row.amountMinor,
      currency: row.currency,
      merchant: row.merchant,
      source: 'invoice',
      invoiceNumber: row.invoiceNumber,
    },
  });
  return row.id;
}

/** Gives an existing (card) expense the invoice's number, service period and document. */
export async function linkInvoiceToExpense(
  deps: ServiceDeps,
  ctx: TxContext,
  expenseId: string,
  input: Pick<
    InvoiceExpenseInput,
    | 'subscriptionId'
    | 'matchMethod'
    | 'invoiceNumber'
    | 'servicePeriodStart'
    | 'servicePeriodEnd'
    | 'document'
  >,
) {
  const { tx, orgId, now } = ctx;
  const before = await repo.findExpenseRow(tx, orgId, expenseId);
  // An unmatched charge is matched to the invoice's application.
  const app = before?.subscriptionId ? null : await findApplication(tx, orgId, input.subscriptionId);
  const match = app
    ? { ...chosenMatch(app.id, input.matchMethod), vendorId: app.vendorId ?? before?.vendorId ?? null }
    : {};
  // An expense's own document stays; the invoice is only attached where there is none.
  const document = before?.documentKey ? {} : documentColumns(input.document);
  await repo.updateExpense(tx, orgId, expenseId, {
    invoiceNumber: input.invoiceNumber,
    servicePeriodStart: input.servicePeriodStart ?? before?.servicePeriodStart ?? null,
    servicePeriodEnd: input.servicePeriodEnd ?? before?.servicePeriodEnd ?? null,
    ...document,
    ...match,
    updatedAt: now,
  });
  await recordAudit(tx, ctx, {
    action: 'expense.invoice_link',
    entityType: 'expense',
    entityId: expenseId,
    changes: {
      invoiceNumber: input.invoiceNumber,
      document: input.document?.name ?? null,
      ...(app ? { subscriptionId: { from: null, to: app.id } } : {}),
    },
  });
  await afterExpenseWrites(deps, tx, orgId, [expenseId]);
}
