import { and, between, eq, isNull, or } from 'drizzle-orm';
import { addDays } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';

/**
 * Charges a forwarded invoice may pay for: same currency, dated within 7 days of the issue date, no
 * invoice number yet, and the invoice's application's (or unmatched with the same merchant key).
 */
export function invoiceChargeCandidates(
  db: DbOrTx,
  orgId: string,
  invoice: { subscriptionId: string; date: string; currency: string; merchantKey: string },
) {
  return db
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, orgId),
        eq(expenses.currency, invoice.currency),
        isNull(expenses.invoiceNumber),
        between(expenses.date, addDays(invoice.date, -7), addDays(invoice.date, 7)),
        // Another application's charge is not this invoice's.
        or(
          eq(expenses.subscriptionId, invoice.subscriptionId),
          and(isNull(expenses.subscriptionId), eq(expenses.merchantKey, invoice.merchantKey)),
        ),
      ),
    );
}
