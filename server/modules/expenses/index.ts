// The expenses module's public face: other modules import only from here (eslint enforces it).
// Its routes are wired in server/routes.ts.
export { discoverRecurring, isShadowIt } from './discovery.service';
export { expenseExists, flaggedChargesSince } from './expenses.repo';
export { setOwnAllocationFlag } from './own-allocation.repo';
export { spendByMonthAndKeys, spendByMonthAndTarget, type SpendKey } from './month-totals.repo';
export { merchantKeyOf } from './matching/merchant-key';
export {
  expenseCurrencies,
  reconvertMonthTotals,
  unconvertedExpenseCurrencies,
  unconvertedMonths,
} from './month-totals.repo';
export { matcherFor } from './matching.repo';
export {
  findChargeForInvoice,
  linkInvoiceToExpense,
  recordInvoiceExpense,
  type InvoiceDocument,
} from './invoice-expense';
export { recordChargePriceChanges } from './charge-price-changes';
export {
  connectorExpenseIds,
  removeConnectorExpenses,
  upsertConnectorExpenses,
  type AccountingLine,
} from './connector-expenses';
